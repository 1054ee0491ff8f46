"""motu/engine/ runs without Qt: it imports nothing from PySide6, shiboken6 or motu/editor/."""
import ast
import os
import pkgutil
import subprocess
import sys

import motu.engine

ENGINE_DIR = os.path.dirname(motu.engine.__file__)
FORBIDDEN = ("PySide6", "shiboken6", "motu.editor")


def _forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def test_no_engine_module_names_qt_or_the_editor_in_an_import():
    offenders = []
    for dirpath, _, files in os.walk(ENGINE_DIR):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
            for node in ast.walk(tree):
                mods = []
                if isinstance(node, ast.Import):
                    mods = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    mods = [node.module]
                offenders += [f"{path}:{node.lineno} {m}" for m in mods if _forbidden(m)]
    assert offenders == []


def test_every_engine_module_imports_with_qt_made_unimportable():
    modules = [m.name for m in pkgutil.walk_packages(motu.engine.__path__, "motu.engine.")]
    assert len(modules) > 20
    code = f"""
import importlib, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if any(name == f or name.startswith(f + '.') for f in {FORBIDDEN!r}):
            raise ImportError('blocked: ' + name)
        return None
sys.meta_path.insert(0, Block())
for m in {modules!r}:
    importlib.import_module(m)
import motu.engine.rules.registry as r
r.rulesets()
leaked = [m for m in sys.modules if any(m == f or m.startswith(f + '.') for f in {FORBIDDEN!r})]
assert not leaked, leaked
print('ok', len({modules!r}))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
