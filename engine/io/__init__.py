"""Reading and writing scenarios: Motu's YAML format and the registry of other formats."""
from .errors import LoadError
from .native import dumps, loads
from .registry import load_scenario, save_scenario
from . import geojson, tiled  # noqa: F401 - importing them registers their formats (the registry imports none of them)

__all__ = ["LoadError", "dumps", "loads", "load_scenario", "save_scenario"]
