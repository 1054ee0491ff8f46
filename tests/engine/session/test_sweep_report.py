"""A sweep's picture draws each side in the colour the scenario gives it, as the balance report does."""
import os

import numpy as np
from matplotlib.image import imread

from motu.engine.io.native import load_path
from motu.engine.session.figures import CYCLE
from motu.engine.session.sweep import Vary, new_sweep, play_sweep
from motu.engine.session.sweep_report import write_sweep

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _pixels(png: str, colour: str) -> int:
    """How many pixels of the picture are this colour (to within rounding)."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    img = imread(png)[..., :3]
    return int((np.abs(img - rgb).max(axis=2) < 2 / 255).sum())


def test_each_side_is_drawn_in_its_own_colour(tmp_path):
    s = load_path(os.path.join(ROOT, "scenarios", "tiki.yaml"))
    sweep = new_sweep(s, [Vary("fruits_to_win", (2, 3))], ["random", "random"], 1)
    play_sweep(sweep, s, 4)
    own = [s.sides["first"].color, s.sides["second"].color]
    png = write_sweep(sweep, ["First player", "Second player"], str(tmp_path), own)["png"]
    for colour in own:
        assert _pixels(png, colour) > 50, colour
    assert _pixels(png, CYCLE[0]) == 0  # not the cycle's first colour, which the report does not use for them
    # a side without a colour of its own takes the cycle's, as on the report
    png = write_sweep(sweep, ["First player", "Second player"], str(tmp_path / "b"), [own[0], None])["png"]
    assert _pixels(png, own[0]) > 50 and _pixels(png, CYCLE[1]) > 50
