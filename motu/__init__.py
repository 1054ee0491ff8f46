"""Motu, the application: the `motu` command line over the engine and the editor."""
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("motu")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
