"""Importing `pywargame.vassal` on Python 3.11, and saying clearly when pywargame is missing.

Scope: one function, `vassal_api()`. pywargame (0.4 to 0.8, every release on PyPI)
is written for Python 3.12: three of its files use f-strings with a backslash in
the expression, which 3.11 cannot compile. Two are not needed to build or read a
module (pywargame/__init__ pulls in the ZunTzu converter; vassal/merger.py merges
modules), so the package's top level is skipped and merger is stubbed; the third,
vassal/traits/sheet.py, is compiled with `"\\n"` spelled `chr(10)`, which means the
same. Nothing in site-packages is changed. On 3.12 and later it is a plain import.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from typing import Any

_SHEET = "pywargame.vassal.traits.sheet"
_MERGER = "pywargame.vassal.merger"


class VassalUnavailable(RuntimeError):
    """pywargame is not installed (VASSAL export needs it)."""


class _Spelled311(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, *, _optimize=-1):  # type: ignore[override]
        text = importlib.util.decode_source(data).replace('"\\n"', "chr(10)").replace("'\\n'", "chr(10)")
        return compile(text, path, "exec", dont_inherit=True, optimize=_optimize)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != _SHEET:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.origin:
            spec.loader = _Spelled311(name, spec.origin)
        return spec


def _merger_stub() -> types.ModuleType:
    mod = types.ModuleType(_MERGER)

    class Merger:  # noqa: D401 - the real one cannot be compiled on this Python
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise VassalUnavailable("pywargame's module merger needs Python 3.12; Motu does not merge modules")

    mod.Merger = Merger  # type: ignore[attr-defined]
    return mod


def vassal_api() -> Any:
    """The `pywargame.vassal` module; VassalUnavailable when pywargame is not installed."""
    if "pywargame.vassal" in sys.modules:
        return sys.modules["pywargame.vassal"]
    spec = importlib.util.find_spec("pywargame") if "pywargame" not in sys.modules else None
    if spec is None and "pywargame" not in sys.modules:
        if getattr(sys, "frozen", False):  # an installed app: its user cannot add packages to it
            raise VassalUnavailable("this copy of Motu was built without VASSAL export (pywargame is not in it)")
        raise VassalUnavailable("VASSAL export needs pywargame, which Motu's `vassal` extra installs")
    if sys.version_info < (3, 12):
        if "pywargame" not in sys.modules:
            pkg = types.ModuleType("pywargame")
            pkg.__path__ = list(spec.submodule_search_locations or [])  # type: ignore[union-attr]
            pkg.__spec__ = spec
            sys.modules["pywargame"] = pkg
        sys.modules.setdefault(_MERGER, _merger_stub())
        if not any(isinstance(f, _Finder) for f in sys.meta_path):
            sys.meta_path.insert(0, _Finder())
    import pywargame.vassal as api
    return api


__all__ = ["VassalUnavailable", "vassal_api"]
