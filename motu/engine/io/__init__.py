"""Reading and writing scenarios: Motu's YAML format and the registry of other formats."""
from .errors import LoadError
from .native import dumps, loads
from .registry import load_scenario, save_scenario

__all__ = ["LoadError", "dumps", "loads", "load_scenario", "save_scenario"]
