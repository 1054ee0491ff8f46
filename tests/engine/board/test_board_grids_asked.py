"""Grids are asked, not switched on: outside motu/engine/board/ no code tests a grid's class.

A line, a rectangle, a fill, a brush, coordinates, labels and the lattice are the grid's own
methods (grid.py, hexgrid.py, squaregrid.py, spaces.py); `isinstance(grid, HexGrid)` elsewhere
means a question the grids do not answer yet: add it to them."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("motu", "tools", "bench", "tests")
GRID_CLASSES = r"(HexGrid|SquareGrid|SpacesGrid|_RectGrid|Grid)"
SWITCHES = (
    re.compile(rf"\b(isinstance|issubclass)\([^)]*\b{GRID_CLASSES}\b"),
    re.compile(r"\btype\(\s*[\w.]*grid[\w.]*\s*\)\s*(is\b|==|!=|in\b)", re.IGNORECASE),
    re.compile(r"(\bis|==|!=)\s*type\(\s*[\w.]*grid[\w.]*\s*\)", re.IGNORECASE),
    re.compile(rf"\b(type|__class__)\b[^\n]*(\bis|==|!=)\s*{GRID_CLASSES}\b"),
)


def switches_on_grid_classes(text: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), 1) if any(p.search(line) for p in SWITCHES)]


def test_the_scan_finds_a_switch():
    assert switches_on_grid_classes("x = 1\nif isinstance(s.grid, HexGrid):\n") == [2]
    assert switches_on_grid_classes("ok = isinstance(g, (SquareGrid, SpacesGrid))") == [1]
    assert switches_on_grid_classes("same = type(tg) is type(og_grid)\nb = type(self.grid) == t") == [1, 2]
    assert switches_on_grid_classes("if grid.__class__ is HexGrid:") == [1]
    assert switches_on_grid_classes("if grid.lattice and isinstance(value, int):\ngrid = HexGrid(3, 3)") == []


def test_no_code_outside_the_board_switches_on_grid_classes():
    board = ROOT / "motu" / "engine" / "board"
    board_tests = ROOT / "tests" / "engine" / "board"  # the grids' own tests ask them what they are
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if board in path.parents or board_tests in path.parents:
                continue
            for n in switches_on_grid_classes(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(ROOT)}:{n}")
    assert not found, "ask the grid instead of testing its class at:\n" + "\n".join(found)
