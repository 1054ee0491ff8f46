"""Writing YAML the way Motu's files read: one-line records, quoted labels, literal text blocks."""
from __future__ import annotations

from typing import Any

import yaml

try:  # libyaml when present; the pure-Python dumper otherwise
    from yaml import CSafeDumper as SafeDumper
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeDumper  # type: ignore[assignment]


class FlowMap(dict):
    """A mapping written on one line: one record, one line, one line in a diff."""


class FlowSeq(list):
    """A short list written on one line."""


class Label(str):
    """A cell label, always quoted, so that 0304 never reads back as a number."""


class _Dumper(SafeDumper):  # type: ignore[misc, valid-type]
    pass


def _represent_str(dumper: Any, value: str) -> Any:
    # Multi-line text (briefings) as a literal block, the way a person would type it.
    style = "|" if "\n" in value and not any(line != line.rstrip() for line in value.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(Label, lambda d, v: d.represent_scalar("tag:yaml.org,2002:str", str(v), style="'"))

_Dumper.add_representer(FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(FlowSeq, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100_000,
                     default_flow_style=False)
