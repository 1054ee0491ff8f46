"""Where Motu's data lives: rule-set catalogues, tables and the file-format schema."""
from __future__ import annotations

import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    """`resources/` of the source tree, or the folder MOTU_RESOURCES names (bundled apps)."""
    override = os.environ.get("MOTU_RESOURCES")
    return Path(override) if override else _ROOT / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def scenarios_dir() -> Path:
    override = os.environ.get("MOTU_SCENARIOS")
    return Path(override) if override else _ROOT / "scenarios"
