"""What the order of battle's tests share: the examples, a tree as indented text, an Edit applied."""
import os

from motu.engine.io.native import load_path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def scenario(name):
    return load_path(os.path.join(ROOT, "scenarios", name))


def tree_text(node, depth=0):
    out = ["  " * depth + node.text]
    for c in node.children:
        out += tree_text(c, depth + 1)
    return out


def apply(s, edit):
    assert edit is not None
    inverse = edit.apply(s)
    return inverse
