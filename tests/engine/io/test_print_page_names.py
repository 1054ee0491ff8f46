"""Print-and-play page files are numbered so that a file list shows them in page order."""
import os

import pytest

from motu.engine.io.svg_print import page_paths


def test_one_page_is_the_file_named():
    assert page_paths("/x/map.svg", 1) == ["/x/map.svg"]


@pytest.mark.parametrize("count, first, last", [(2, "map-p01.png", "map-p02.png"), (8, "map-p01.png", "map-p08.png"),
                                                (12, "map-p01.png", "map-p12.png"),
                                                (120, "map-p001.png", "map-p120.png")])
def test_page_numbers_are_zero_padded_to_the_page_counts_width(count, first, last):
    names = [os.path.basename(p) for p in page_paths("/x/map.png", count)]
    assert names[0] == first and names[-1] == last and len(set(names)) == count
    assert sorted(names) == names  # a file list sorts p09 before p10
