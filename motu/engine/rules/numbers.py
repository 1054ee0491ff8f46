"""Every number of a rule set, with the rule it comes from: what `motu rules <id> --numbers` lists.

Scope: walking a rule set's documents (RuleSet.document: a variant's are merged) for numbers —
allowances, costs, tables, limits, odds, counts — each with its place (document and dotted
path), its value, the file that sets it and its rule reference. The reference is where the YAML
already carries it: the `rule:` key of the mapping that holds the number (options), else the
rulebook reference in the comment beside the number or beside one of its keys, else in the
comments just above that key (as the shipped files write `# 15.13: ...`), else in the file's
opening comments. A variant's file
that sets a number is read first, so its own comment wins.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

# A rulebook reference: 15.13, 9.2, §4, events 52-53, "Setup" and the like.
_REF = re.compile(r"(§\s?\d+(?:\.\d+)*|\b\d{1,2}\.\d{1,2}(?:\s?-\s?\d{1,2}(?:\.\d{1,2})?)?\b|\b[1-6]{2}\s?-\s?[1-6]{2}\b|"
                  r"\b(?:Setup|set-up|FACTS|TEC)\b)")
Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class Number:
    document: str
    path: str       # dotted: pieces.clan_elder.mp
    value: float | int
    rule: str       # the rulebook reference ('' when the YAML gives none)
    file: str       # the file that sets it


def _walk(doc: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _walk(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _walk(v, path + (i,))
    elif isinstance(doc, (int, float)) and not isinstance(doc, bool):
        yield path, doc


class _Refs:
    """The lines of one YAML file: each node's line, and the references its comments give."""

    def __init__(self, path: Path):
        self.path = path
        text = path.read_text(encoding="utf-8")
        self.lines = text.splitlines()
        self.root = yaml.compose(text, Loader=yaml.CSafeLoader)
        self.value = yaml.load(text, Loader=yaml.CSafeLoader)

    def has(self, steps: Path_) -> bool:
        node = self.value
        for s in steps:
            try:
                node = node[s]
            except (KeyError, IndexError, TypeError):
                return False
        return True

    def _key_lines(self, steps: Path_) -> list[int]:
        """The line (0-based) of each key on the path, outermost first, and the value's last."""
        out: list[int] = []
        node = self.root
        for s in steps:
            nxt = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if k.value == str(s) or (isinstance(s, int) and k.value == str(s)):
                        out.append(k.start_mark.line)
                        nxt = v
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(s, int) and s < len(node.value):
                nxt = node.value[s]
                out.append(nxt.start_mark.line)
            if nxt is None:
                break
            node = nxt
        return out

    def _comment_ref(self, line: int) -> str:
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        at = text.find("#")
        m = _REF.search(text[at:]) if at >= 0 else None
        return m.group(1) if m else ""

    def _block_ref(self, line: int) -> str:
        """The first reference of the comment lines just above a line (a block starts with it)."""
        i = line
        while i > 0 and self.lines[i - 1].lstrip().startswith("#"):
            i -= 1
        for text in self.lines[i:line]:
            m = _REF.search(text)
            if m:
                return m.group(1)
        return ""

    def header_ref(self) -> str:
        """The first reference of the file's opening comments: the rule the whole file is of."""
        for text in self.lines:
            if not text.lstrip().startswith("#"):
                break
            m = _REF.search(text)
            if m:
                return m.group(1)
        return ""

    def ref(self, steps: Path_) -> str:
        lines = self._key_lines(steps)
        for line in reversed(lines):
            found = self._comment_ref(line)
            if found:
                return found
        for line in reversed(lines):
            found = self._block_ref(line)
            if found:
                return found
        return self.header_ref()


def _rule_key(doc: Any, steps: Path_) -> str:
    """The `rule:` of the innermost mapping on the path that has one."""
    node, found = doc, ""
    for s in steps[:-1]:
        try:
            node = node[s]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("rule"), str):
            found = node["rule"]
    return found


def _files(ruleset: Any, name: str) -> list[Path]:
    """The files that may set a number of document `name`: the variant's own, then its bases'."""
    out = []
    rs = ruleset
    while rs is not None:
        folder = rs.folder if rs.folder is not None else rs.data_folder()
        path = Path(folder) / f"{name}.yaml"
        if path.is_file():
            out.append(path)
        rs = rs.base
    return out


def numbers(ruleset: Any) -> list[Number]:
    """Every number the rule set's documents hold, in document order."""
    out: list[Number] = []
    for name in ruleset.document_names():
        doc = ruleset.document(name)
        files = [_Refs(p) for p in _files(ruleset, name)]
        for steps, value in _walk(doc):
            if steps and steps[-1] == "id":
                continue
            setter = next((f for f in files if f.has(steps)), None)
            rule = _rule_key(doc, steps) or next((r for f in files if f.has(steps) and (r := f.ref(steps))), "")
            out.append(Number(name, ".".join(str(s) for s in steps), value, rule,
                              str(setter.path) if setter else ""))
    return out
