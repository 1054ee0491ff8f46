"""A generated 316x316 hex map (about 100,000 cells, 500 areas) for the foundation budgets."""
from __future__ import annotations

import numpy as np

from motu.engine.board.grids import HexGrid
from motu.engine.scenario.model import Area, Region, Scenario

COLUMNS = ROWS = 316
AREA_BLOCKS = (25, 20)  # 25 x 20 = 500 rectangular areas


def big_hex_scenario(seed: int = 5) -> Scenario:
    return hex_scenario(COLUMNS, ROWS, AREA_BLOCKS, seed)


def hex_scenario(columns: int, rows: int, area_blocks: tuple[int, int], seed: int = 5) -> Scenario:
    """A generated hex map of random land terrain in rectangular areas, spread over four regions."""
    COLUMNS, ROWS, AREA_BLOCKS = columns, rows, area_blocks  # noqa: N806 - the module's names, for this map
    grid = HexGrid(COLUMNS, ROWS)
    rng = np.random.default_rng(seed)
    roll = rng.random(grid.size)
    kinds = np.array(["clear", "jungle", "mountain", "coast"])
    terrain = kinds[np.searchsorted([0.6, 0.85, 0.95], roll)].tolist()
    s = Scenario(ruleset="tahiti", grid=grid, terrain=terrain, title=f"Generated {COLUMNS}x{ROWS} map")
    bw = -(-COLUMNS // AREA_BLOCKS[0])
    bh = -(-ROWS // AREA_BLOCKS[1])
    for r in range(4):
        s.regions[f"r{r}"] = Region(f"r{r}", f"Region {r}")
    ids = []
    for by in range(AREA_BLOCKS[1]):
        for bx in range(AREA_BLOCKS[0]):
            aid = f"a{by:02d}{bx:02d}"
            ids.append(aid)
            s.areas[aid] = Area(aid, f"Area {by}-{bx}", f"r{(by * AREA_BLOCKS[0] + bx) % 4}")
    cells = np.arange(grid.size)
    col, row = cells % COLUMNS, cells // COLUMNS
    block = (row // bh) * AREA_BLOCKS[0] + (col // bw)
    s.cell_area = [ids[b] for b in block.tolist()]
    return s
