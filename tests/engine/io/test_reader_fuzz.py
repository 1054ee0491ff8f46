"""A seeded mutation fuzz of every shipped scenario and its exports through every reader (native
YAML, Tiled TMX and JSON, GeoJSON as polygons, as an island draft and as Motu's own export, legend
files, game records): each mutant is read or refused with a LoadError; never another exception,
never a hang. About two minutes of mutants in all on an idle machine (measured: 35,800 mutants
in 2 min; more when the machine is shared); the seeds make every run the same."""
from __future__ import annotations

import glob
import json
import os
import random
import signal

import pytest

from motu.engine.io.errors import LoadError
from motu.engine.io.geojson import to_geojson
from motu.engine.io.geojson_import import GridChoice, load_geojson, read_geojson
from motu.engine.io.geojson_own import own_export
from motu.engine.io.island_file import read_island
from motu.engine.io.native import dumps, load_path, loads
from motu.engine.io.tiled import save_tiled_json, save_tmx
from motu.engine.io.tiled_import import load_tiled
from motu.engine.rules.api import CHANCE
from motu.engine.rules.registry import get_ruleset
from motu.engine.session.session import Session, loads_record, scenario_fingerprint
from motu.common import UsageError
from motu.convert_cli import _legend as legend_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.yaml")))
HANG_S = 5
# Pieces of text that break structure where they land.
TOKENS = ["-", ":", " ", "\n", "[", "]", "{", "}", "'", '"', ",", "&a", "*a", "!!", "#", "0", "9" * 30, "-1", "1e999",
          "NaN", "null", "<", ">", "</", "&lol;", "\\u0000", "\x00", "\t", "?", "true", "[[[[", "0404", "\udc80",
          # what the third hostile round found: explicit tags, escapes that make control characters,
          # byte-order marks, floats beyond 2**53 or where whole numbers stand, digits int() refuses
          "!!bool ", "!!int ", "!!float ", "!!str ", "!!null ", "''", '"\\e[2J"', '"\\x9b"', "\\u001b", "\\u009b",
          "\\N", "\ufeff", "1.0e+16", "9007199254740993", ".5", "1.0", "\u00b2", "\u00b9", "&#x9b;", "&#13;",
          'encoding="x-bogus"', 'encoding="cp500"', str(2 ** 53), "-1e308"]


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(text) + 1)
        kind = rng.choice(("delete", "insert", "replace", "truncate", "duplicate", "swap"))
        if kind == "delete":
            text = text[:i] + text[i + rng.randint(1, 40):]
        elif kind == "insert":
            text = text[:i] + rng.choice(TOKENS) + text[i:]
        elif kind == "replace" and i < len(text):
            text = text[:i] + chr(rng.choice((rng.randint(32, 126), rng.randint(0, 0x2FFF)))) + text[i + 1:]
        elif kind == "truncate":
            text = text[:i] if rng.random() < 0.8 else "\ufeff" + text  # or a byte-order mark in front
        elif kind == "duplicate":
            j = min(len(text), i + rng.randint(1, 200))
            text = text[:j] + text[i:j] + text[j:]
        else:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def fuzz(read, texts: list[str], tmp_path, ext: str, count: int, seed: int) -> list[str]:
    """Feed `count` mutants of each text to `read(path)`; the failures, described."""
    rng = random.Random(seed)
    failures = []
    path = str(tmp_path / f"mutant{ext}")
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for base in texts:
            for n in range(count):
                text = mutate(base, rng)
                with open(path, "wb") as fh:
                    fh.write(text.encode("utf-8", "surrogateescape"))
                signal.alarm(HANG_S)
                try:
                    read(path)
                except LoadError as exc:
                    assert str(exc).startswith(path) and "\n" not in str(exc), str(exc)
                except Hang:
                    failures.append(f"hang on mutant {n} of {base[:40]!r}")
                except Exception as exc:  # noqa: BLE001 - what the fuzz is looking for
                    failures.append(f"{type(exc).__name__}: {exc} (mutant {n})")
                finally:
                    signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    return failures[:10]


@pytest.fixture(scope="module")
def shipped():
    return [(p, open(p, encoding="utf-8").read(), load_path(p)) for p in SCENARIOS]


pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="hangs are caught with SIGALRM")


def test_native_yaml_mutants(shipped, tmp_path):
    assert not fuzz(load_path, [t for _, t, _ in shipped], tmp_path, ".yaml", 1500, 1)


@pytest.mark.parametrize("ext", [".tmx", ".json"])
def test_tiled_mutants(shipped, tmp_path, ext):
    texts = []
    for _, _, s in shipped:
        out = str(tmp_path / f"export{ext}")
        (save_tmx if ext == ".tmx" else save_tiled_json)(s, out)
        texts.append(open(out, encoding="utf-8").read())
    assert not fuzz(lambda p: load_tiled(p), texts, tmp_path, ext, 750, 2)


def _geojson_texts(shipped) -> list[str]:
    texts = []
    for _, _, s in shipped:
        exported = to_geojson(s)  # every map, georeferenced or in its own plane (its motu member says which)
        texts.append(exported if isinstance(exported, str) else json.dumps(exported))
    texts.append(json.dumps({"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:3857"}},
                             "features": [{"type": "Feature", "properties": {"name": "Motu"}, "geometry": {
                                 "type": "Polygon", "coordinates": [[[0, 0], [9000, 0], [9000, 9000], [0, 0]]]}}]}))
    coast = os.path.join(ROOT, "tools", "maps", "moorea.geojson")
    if os.path.exists(coast):
        texts.append(open(coast, encoding="utf-8").read())
    return texts


def test_geojson_mutants(shipped, tmp_path):
    texts = _geojson_texts(shipped)
    assert len(texts) >= len(shipped)
    assert not fuzz(read_geojson, texts, tmp_path, ".geojson", 100, 3)


def test_geojson_import_mutants(shipped, tmp_path):
    """The whole import: the shapes laid on a grid (where GEOS met 2**53), as plane units and as
    longitude and latitude, and as the island draft reads its points."""
    texts = _geojson_texts(shipped)

    def read(path):
        own_export(path)
        load_geojson(path, "tahiti", GridChoice("hex", (12, 10)), geographic=False)
        load_geojson(path, "tahiti", GridChoice("hex", None, 1.0))
        read_island(path)
    assert not fuzz(read, texts, tmp_path, ".geojson", 60, 6)


def test_legend_file_mutants(tmp_path):
    """Legend files (`motu import --legend FILE`): YAML or JSON mapping tile ids to terrain."""
    texts = ["1: sea\n2: clear\n3: jungle\n", '{"1": "sea", "2": "clear", "17": "mountain"}\n',
             "# tiles of the coast set\n10: lagoon\n11: coast\n12: 'reef'\n"]

    def read(path):
        try:
            legend_of([path])
        except UsageError as exc:  # the command line's one line; it names the file
            raise LoadError(str(exc).removeprefix(path + ": "), path) from None
    assert not fuzz(read, texts, tmp_path, ".yaml", 1000, 7)


def test_game_record_mutants(shipped, tmp_path):
    games = []
    for _, text, s in shipped:
        rules = get_ruleset(s.ruleset)
        if not rules.playable:
            continue
        fp = scenario_fingerprint(dumps(s))
        new_state = (lambda sc, rs: lambda: rs.new_initial_state(sc))(s, rules)
        session = Session(new_state, seed=4, fingerprint=fp)
        rng = random.Random(4)
        while not session.state.is_terminal() and len(session.log) < 40:
            session.roll() if session.state.current_player() == CHANCE else session.apply(
                rng.choice(session.state.legal_actions()))
        games.append((json.dumps(session.record(), indent=1), new_state, fp))
    by_text = {t: (ns, fp) for t, ns, fp in games}
    current = {}

    def read(path):
        with open(path, "rb") as fh:
            record = loads_record(fh.read(), path)
        new_state, fp = current["game"]
        Session.from_record(record, new_state, fp, path)

    failures = []
    for text, (new_state, fp) in by_text.items():
        current["game"] = (new_state, fp)
        failures += fuzz(read, [text], tmp_path, ".motugame.json", 900, 5)
    assert not failures
