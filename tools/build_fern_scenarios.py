"""Rebuilds scenarios/fern-ambush.yaml and scenarios/fern-pa-assault.yaml (Fire in the Fern!).

Run from the project root: .venv/bin/python tools/build_fern_scenarios.py
The set-up zones written into each file are §12's: British in the clear squares
of the base edge (bottom row), Maori anywhere outwith rows one and two.
"""
from __future__ import annotations

import os

from motu.engine.io.native import dumps, loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import CellFeature, Piece, Side

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = get_ruleset("fern")


def base(title: str, rows: list[str], briefing: str):
    s = RULES.new_scenario("square", len(rows[0].split()), len(rows), title)
    tok = {t.token: t.id for t in RULES.catalogue.terrain.values()}
    s.terrain = [tok[t] for r in rows for t in r.split()]
    s.briefing = briefing
    s.options = {"bush_blocks_sight": True}
    g = s.grid
    bottom = g.rows - 1
    s.features = [CellFeature("base_edge", bottom * g.columns + c, "british") for c in range(g.columns)]
    s.sides = {"british": Side("british", "British", "#b22222"), "kupapa": Side("kupapa", "Kupapa", "#8b6914"),
               "maori": Side("maori", "Maori", "#2f4f4f")}
    clear_base = frozenset(bottom * g.columns + c for c in range(g.columns) if s.terrain[bottom * g.columns + c] == "open")
    s.setup_zones = {"british": clear_base, "kupapa": clear_base,
                     "maori": frozenset(c for c in range(g.size) if g.col_row(c)[1] < bottom - 1)}
    return s


def edge(s, a: str, b: str):
    x, y = s.grid.parse_label(a), s.grid.parse_label(b)
    return (x, y) if x < y else (y, x)


def unit(s, uid, kind, side, cell, n, name, leader_id, leader_name, superior=None, **props):
    L = s.grid.parse_label
    s.pieces[uid] = Piece(uid, kind, side, L(cell), n, name, {"unit": uid, "leader": leader_id, **props})
    lp = {"unit": uid}
    if superior:
        lp["superior"] = superior
    s.pieces[leader_id] = Piece(leader_id, "leader", side, L(cell), 1, leader_name, lp)


def ambush():
    rows = [
        "b b b b b b b . b b b b b b b b",
        "b b b b b b b . b b b b b b b b",
        "b b . b b b b . b b b b . . b b",
        "b b . . b b b . . b b b b . b b",
        "b b b b b b b b . b b b b b b b",
        "b b b b b b b b . b b b b b b b",
        "b b b b b . b . . b b b b b b b",
        "b b b b b b b . b b b . b b b b",
        "b b b b b b b . b b b b b b b b",
        "b b b b b b . . b b b b b b b b",
        "b b b b . . . . . . b b b b b b",
        "b b . . . . . . . . . . b b b b",
    ]
    s = base("Ambush in the fern", rows,
             "A British column marches up a bush track. Hapu lie hidden in the fern on both sides of it.\n"
             "Ten game turns; neither side holds the field at the time limit unless one retires or breaks.")
    L = s.grid.parse_label
    track = ["8,12", "8,11", "8,10", "8,9", "8,8", "8,7", "9,7", "9,6", "9,5", "9,4", "8,4", "8,3", "8,2", "8,1"]
    s.features += [CellFeature("track", L(c), name="the track") for c in track]
    for c in range(1, 17):  # a stream across the table below the bend
        s.edges[edge(s, f"{c},8", f"{c},9")] = ("stream",)
    s.pieces["major"] = Piece("major", "senior_officer", "british", L("8,12"), 1, "Major Hartley")
    unit(s, "a-coy", "regulars", "british", "8,12", 10, "A Company, 65th", "lt-a", "Lt Carey", "major")
    unit(s, "b-coy", "regulars", "british", "7,12", 10, "B Company, 65th", "lt-b", "Lt Ferris", "major")
    unit(s, "militia", "militia", "british", "9,12", 8, "Taranaki Militia", "capt-m", "Capt Brown", "major")
    unit(s, "scouts", "kupapa", "kupapa", "6,12", 6, "Kupapa scouts", "rawiri", "Rawiri")
    s.pieces["hone"] = Piece("hone", "senior_officer", "maori", L("10,6"), 1, "Hone the war chief")
    unit(s, "hapu-1", "warriors", "maori", "7,6", 10, "Ngati Rua hapu", "wiremu", "Wiremu", "hone")
    unit(s, "hapu-2", "warriors", "maori", "10,6", 10, "Ngati Pae hapu", "tamati", "Tamati", "hone")
    unit(s, "hapu-3", "warriors", "maori", "9,3", 8, "Ngati Awa hapu", "rewi", "Rewi", "hone")
    s.victory = {"turns": 10, "field_at_time_limit": "none",
                 "note": "§11: casualties inflicted, the field, broken units and dead leaders"}
    return s


def pa_assault():
    rows = [
        "b b b b . . . . . . . . b b b b",
        "b b b . . . . . . . . . . b b b",
        "b b . . . . . . . . . . . . b b",
        "b . . . . . . . . . . . . . . b",
        ". . . . . . . . . . . . . . . .",
        "b b . . . . . . . . . . . . b b",
        "b b b . . . . . . . . . . b b b",
        ". . . . . . . . . . . . . . . .",
        ". . . b b . . . . . . b b . . .",
        ". . . b b . . . . . . b b . . .",
        ". . . . . . . . . . . . . . . .",
        ". . . . . . . . . . . . . . . .",
    ]
    s = base("Assault on the pa", rows,
             "A pa with a palisade and rifle pits stands on a rise. The British must storm it.\n"
             "Twelve game turns; if the Maori still hold the pa at the end, they hold the field.")
    L = s.grid.parse_label
    for c in range(6, 12):  # the palisade: front between rows 3 and 4, flanks beside columns 6 and 11
        s.edges[edge(s, f"{c},3", f"{c},4")] = ("palisade",)
    for r in range(1, 4):
        s.edges[edge(s, f"5,{r}", f"6,{r}")] = ("palisade",)
        s.edges[edge(s, f"11,{r}", f"12,{r}")] = ("palisade",)
    for c in range(1, 17):  # a stream across the approach
        s.edges[edge(s, f"{c},7", f"{c},8")] = ("stream",)
    s.features += [CellFeature("rifle_pit", L(c)) for c in ("7,3", "8,3", "9,3", "10,3", "8,5", "9,5")]
    s.pieces["general"] = Piece("general", "c_in_c", "british", L("8,12"), 1, "General Cameron")
    s.pieces["major"] = Piece("major", "senior_officer", "british", L("6,12"), 1, "Major Nixon", {"superior": "general"})
    s.pieces["commander"] = Piece("commander", "senior_officer", "british", L("11,12"), 1, "Commander Hay",
                                  {"superior": "general"})
    unit(s, "40th", "regulars", "british", "5,12", 10, "Company of the 40th", "lt-40", "Lt Grey", "major")
    unit(s, "43rd", "regulars", "british", "7,12", 10, "Company of the 43rd", "lt-43", "Lt Glover", "major")
    unit(s, "naval", "naval_brigade", "british", "10,12", 12, "Naval Brigade", "lt-rn", "Lt Hill", "commander")
    unit(s, "ac", "constabulary", "british", "12,12", 8, "Armed Constabulary", "insp", "Inspector Roberts", "commander")
    unit(s, "kupapa", "kupapa", "kupapa", "3,12", 8, "Kupapa of Ropata", "ropata", "Ropata")
    s.pieces["rangatira"] = Piece("rangatira", "senior_officer", "maori", L("8,2"), 1, "Rangatira of the pa")
    unit(s, "pa-1", "warriors", "maori", "8,3", 10, "Defenders of the east face", "aperahama", "Aperahama", "rangatira")
    unit(s, "pa-2", "warriors", "maori", "9,3", 10, "Defenders of the west face", "hemi", "Hemi", "rangatira")
    unit(s, "pits", "warriors", "maori", "8,5", 8, "Rifle-pit men", "paora", "Paora", "rangatira")
    unit(s, "flank", "warriors", "maori", "15,3", 6, "Flanking party", "eru", "Eru", "rangatira")
    s.victory = {"turns": 12, "field_at_time_limit": "maori",
                 "note": "§11: the Maori hold the field at the time limit"}
    return s


def main() -> None:
    for name, build in (("fern-ambush.yaml", ambush), ("fern-pa-assault.yaml", pa_assault)):
        s = build()
        text = dumps(s, os.path.join(ROOT, "scenarios", name))  # with the schema modeline, as a save writes it
        back = loads(text)
        problems = RULES.validate(back)
        if problems:
            raise SystemExit(f"{name}: {[(f.code, f.message) for f in problems]}")
        with open(os.path.join(ROOT, "scenarios", name), "w", encoding="utf-8") as fh:
            fh.write(text)
        print("wrote", name)


if __name__ == "__main__":
    main()
