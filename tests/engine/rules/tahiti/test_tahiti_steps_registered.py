"""Every step and handler of Tahiti's rule modules registers when a game is started.

machinery.py's `step`/`handler` decorators register a function when its module is imported, and
game.py imports the modules that hold them; a module no one imports would drop its steps
silently (a game would fail only on reaching one). Run in a fresh interpreter, where nothing but
`motu.engine.rules.tahiti.game` has been imported.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import motu.engine.rules.tahiti as tahiti

PACKAGE = Path(tahiti.__file__).parent


def decorated() -> dict[str, list[str]]:
    """Names of the functions each decorator marks, in every module of the package."""
    out: dict[str, list[str]] = {"step": [], "handler": []}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    if isinstance(d, ast.Name) and d.id in out:
                        out[d.id].append(node.name)
    return out


def test_every_step_and_handler_registers_from_new_game_alone():
    code = ("import json, motu.engine.rules.tahiti.game\n"
            "from motu.engine.rules.tahiti.machinery import HANDLERS, STEPS\n"
            "print(json.dumps({'step': sorted(STEPS), 'handler': sorted(HANDLERS)}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    registered = json.loads(done.stdout)
    marked = decorated()
    assert len(marked["step"]) > 50 and len(marked["handler"]) > 30  # the scan found the rules
    for kind in ("step", "handler"):
        assert len(set(marked[kind])) == len(marked[kind]), f"two {kind}s share a name"
        assert registered[kind] == sorted(marked[kind])
