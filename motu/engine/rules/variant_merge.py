"""How a variant's YAML documents change its base's: a deep merge by key.

Scope: the merge rule (ARCHITECTURE.md, "Rule sets a designer owns"), nothing else. A mapping
merges key by key, recursively (a terrain's one cost, a table's one row); a list whose items are
all mappings named by the same key (`id`, else `name`, else `event`) merges item by item on that
name, a new name added at the end; any other value, lists of numbers included, is replaced whole
(a table's column of six results is one value). `null` is a value (an edge no class may cross),
so taking a thing away is said by the document's top-level `remove:`, a list of dotted paths
(`terrain.mountain`, `pieces.moa`), applied to the base before the merge.
"""
from __future__ import annotations

import copy
from typing import Any

NAME_KEYS = ("id", "name", "event")
REMOVE = "remove"


def naming_key(*lists: list[Any]) -> str | None:
    """The key every item of these lists is named by, or None (then a list is one value)."""
    items = [x for lst in lists for x in lst]
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    return next((k for k in NAME_KEYS if all(k in x for x in items)), None)


def merge(base: Any, over: Any) -> Any:
    """`base` changed by `over` (neither is modified)."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for k, v in over.items():
            out[k] = merge(base[k], v) if k in base else copy.deepcopy(v)
        return out
    if isinstance(base, list) and isinstance(over, list):
        key = naming_key(base, over)
        if key is not None:
            out_list = list(base)
            where = {x[key]: i for i, x in enumerate(base)}
            for item in over:
                if item[key] in where:
                    out_list[where[item[key]]] = merge(base[where[item[key]]], item)
                else:
                    out_list.append(copy.deepcopy(item))
            return out_list
    return copy.deepcopy(over)


def remove(doc: Any, path: str) -> bool:
    """Take the thing at a dotted path out of `doc` (in place); False when there is none."""
    *parents, last = path.split(".")
    node = doc
    for step in parents:
        node = _child(node, step)
        if node is None:
            return False
    if isinstance(node, dict) and last in node:
        del node[last]
        return True
    if isinstance(node, list):
        key = naming_key(node)
        for i, item in enumerate(node):
            if (key is not None and str(item[key]) == last) or (last.isdigit() and i == int(last)):
                del node[i]
                return True
    return False


def _child(node: Any, step: str) -> Any:
    if isinstance(node, dict):
        return node.get(step)
    if isinstance(node, list):
        key = naming_key(node)
        for i, item in enumerate(node):
            if (key is not None and str(item[key]) == step) or (step.isdigit() and i == int(step)):
                return item
    return None


def apply(base: Any, over: Any) -> Any:
    """The merged document: `over`'s removals, then its changes (its `remove:` key is not data)."""
    out = copy.deepcopy(base)
    if isinstance(over, dict):
        for path in over.get(REMOVE) or ():
            remove(out, str(path))
        over = {k: v for k, v in over.items() if k != REMOVE}
    if over is None:
        return out
    if out is None:
        return copy.deepcopy(over)
    return merge(out, over)
