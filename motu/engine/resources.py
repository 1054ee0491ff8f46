"""Where Motu's data lives: rule-set catalogues, tables, the file-format schema, the shipped scenarios.

They are package data of `motu` (`motu/resources/`, `motu/scenarios/`), found through
`importlib.resources` wherever Motu is installed: a source tree, a wheel in site-packages, the
one-folder application. MOTU_RESOURCES and MOTU_SCENARIOS name other folders (tests, bundles).
"""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path


def _package_folder(name: str) -> Path:
    # Motu is installed as files (never zipped): the traversable is a real folder, which the
    # readers (YAML, JSON Schema, Qt's image loaders) are handed by path.
    return Path(str(resources.files("motu").joinpath(name)))


def resources_dir() -> Path:
    """`motu/resources/` of the installed package, or the folder MOTU_RESOURCES names."""
    override = os.environ.get("MOTU_RESOURCES")
    return Path(override) if override else _package_folder("resources")


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def scenarios_dir() -> Path:
    """`motu/scenarios/`, the scenarios Motu ships, or the folder MOTU_SCENARIOS names."""
    override = os.environ.get("MOTU_SCENARIOS")
    return Path(override) if override else _package_folder("scenarios")
