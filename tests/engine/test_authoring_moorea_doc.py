"""docs/authoring-moorea.md says what `motu query` prints on the shipped Tahiti and Mo'orea map: the
page's own commands are run here and compared with what it prints, so the guide cannot drift from
the program (it once gave a War Canoe 6.333333 MP for Papeete to 'Umare'a, the game-scale cost,
where the one-mile map's is 1.583333)."""
from __future__ import annotations

import os
import re

from motu.cli import main as motu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "authoring-moorea.md")
MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")


def guide_queries() -> list[tuple[list[str], str]]:
    """Each `$ motu query tahiti-moorea.yaml ...` of the guide, with the line printed under it."""
    lines = open(GUIDE, encoding="utf-8").read().splitlines()
    return [(line.split()[4:], lines[i + 1].strip()) for i, line in enumerate(lines)
            if line.startswith("$ motu query tahiti-moorea.yaml ")]


def test_the_guides_queries_print_what_it_says(capsys):
    queries = guide_queries()
    assert any(args[0] == "path" for args, _ in queries)
    for args, said in queries:
        capsys.readouterr()
        assert motu(["query", MOOREA, *args]) == 0
        printed = capsys.readouterr().out.strip()
        if "..." in said:  # the guide elides the middle of a long path
            head, tail = said.split(" ... ")
            assert printed.startswith(head + " ") and printed.endswith(" " + tail), (said, printed)
        else:
            assert printed == said, (args, said, printed)


def test_the_war_canoe_path_costs_twelve_hexes_a_point_on_the_one_mile_map(capsys):
    assert motu(["query", MOOREA, "path", "3308", "1509", "--unit", "war_canoe"]) == 0
    printed = capsys.readouterr().out
    hexes = len(re.sub(r"\(cost .*\)", "", printed).split()) - 1
    assert f"(cost {hexes / 12:.6f})" in printed  # 3 hexes a point at 4 miles, 12 at 1 mile
