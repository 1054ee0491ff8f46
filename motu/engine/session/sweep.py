"""Sweeps: the same games played under each setting of a few scenario numbers, to find the even one.

Scope: what `motu balance` varies and how. A PATH names
    - a rule-set option: `fruits_to_win` or `options.fruits_to_win` (values checked by its type);
    - any number, yes/no or word already in the scenario's saved document, by its keys:
      `pieces.a-coy.count` (a side's starting figures), `victory.areas`, a table cell such as
      `tables.random_area_selection.groups.0.first.1` — list items by position or by `id`.
Every setting plays games 0..N-1 on the same seeds (the dice of game g are the same under every
setting), so differences between settings are the settings', not the dice's. The sweep's JSON
keeps each game's winner, so a later run extends it with more games (`extend`).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np
import yaml

from motu.engine.io.native import dumps, loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.model import Scenario

from . import stats
from .batch import BatchSpec, Interrupted, play_batches
from .session import scenario_fingerprint

FORMAT = "motu-sweep"
RESAMPLES = 4000


class SweepError(ValueError):
    """A --vary that names nothing in the scenario, or a value that does not fit: one clear message."""


@dataclass(frozen=True)
class Vary:
    path: str
    values: tuple


def _parse_value(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def parse_vary(item: str) -> tuple[str, list[Any]]:
    path, sep, values = item.partition("=")
    if not sep or not path.strip() or not values.strip():
        raise SweepError(f"--vary {item!r}: should be PATH=V1,V2,… (e.g. fruits_to_win=3,4,5)")
    return path.strip(), [_parse_value(v.strip()) for v in values.split(",") if v.strip()]


def _step(node: Any, key: str, where: str) -> tuple[Any, Any]:
    """(container, key) for one step of a path into the saved document."""
    if isinstance(node, dict):
        if key not in node:
            raise SweepError(f"{where}: no {key!r} here (there are: {', '.join(map(str, node)) or 'none'})")
        return node, key
    if isinstance(node, list):
        if key.isdigit() and int(key) < len(node):
            return node, int(key)
        for i, item in enumerate(node):
            if isinstance(item, dict) and str(item.get("id")) == key:
                return node, i
        ids = [str(x["id"]) for x in node if isinstance(x, dict) and "id" in x]
        raise SweepError(f"{where}: no item {key!r} in this list (positions 0-{len(node) - 1}"
                         + (f"; ids: {', '.join(ids[:12])}{'…' if len(ids) > 12 else ''}" if ids else "") + ")")
    raise SweepError(f"{where}: {key!r} goes past a value")


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, (int, float)):
        return isinstance(new, (int, float))
    return isinstance(new, type(old))


def apply_setting(doc: dict, ruleset, path: str, value: Any) -> None:
    """Set `path` to `value` in the saved document `doc` (in place); SweepError when it cannot."""
    options = ruleset.catalogue.options
    name = path[len("options."):] if path.startswith("options.") else path
    if name in options:
        spec = options[name]
        ok = {"bool": isinstance(value, bool), "int": isinstance(value, int) and not isinstance(value, bool),
              "choice": value in spec.choices, "text": isinstance(value, str)}.get(spec.type, True)
        if not ok:
            want = {"bool": "true or false", "int": "a whole number",
                    "choice": "one of " + ", ".join(map(str, spec.choices)), "text": "text"}[spec.type]
            raise SweepError(f"--vary {path}: {value!r} does not fit the option {name!r} (it takes {want})")
        doc.setdefault("options", {})[name] = value
        return
    keys = path.split(".")
    node: Any = doc
    for i, key in enumerate(keys):
        where = f"--vary {path}" + (f" (at {'.'.join(keys[:i])})" if i else "")
        if i == 0 and key not in doc:
            raise SweepError(f"--vary {path}: names neither an option of {ruleset.name} ({', '.join(options) or 'none'}) "
                             f"nor a part of the scenario ({', '.join(k for k in doc if k != 'map')})")
        container, k = _step(node, key, where)
        if i == len(keys) - 1:
            old = container[k]
            if isinstance(old, (dict, list)) or old is None:
                raise SweepError(f"--vary {path}: names a group of values, not one number or word")
            if not _same_kind(old, value):
                raise SweepError(f"--vary {path}: {value!r} does not fit where the scenario has {old!r}")
            container[k] = value
        else:
            node = container[k]


def settings(varies: Sequence[Vary]) -> list[dict[str, Any]]:
    """Every combination of the values, the first --vary changing slowest."""
    return [dict(zip([v.path for v in varies], combo)) for combo in itertools.product(*[v.values for v in varies])]


def setting_scenarios(s: Scenario, varies: Sequence[Vary]) -> list[tuple[dict[str, Any], str]]:
    """(setting, scenario text) for every setting, each checked: SweepError names the first bad one."""
    rules = get_ruleset(s.ruleset)
    base = yaml.safe_load(dumps(s))
    out = []
    for setting in settings(varies):
        doc = yaml.safe_load(dumps(s)) if out else base
        for path, value in setting.items():
            apply_setting(doc, rules, path, value)
        text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
        label = ", ".join(f"{k}={v}" for k, v in setting.items())
        try:
            scenario = loads(text, f"<{label}>")
        except Exception as exc:  # noqa: BLE001 - the file format's own refusal, said in one line
            raise SweepError(f"--vary {label}: the scenario does not load with it ({exc})") from None
        errors = [f for f in rules.validate(scenario) if f.severity == "error"]
        if errors:
            raise SweepError(f"--vary {label}: the scenario has {len(errors)} validation errors with it "
                             f"(first: {errors[0].message})")
        out.append((setting, text))
    return out


def new_sweep(s: Scenario, varies: Sequence[Vary], bots: Sequence[str], seed: int) -> dict[str, Any]:
    return {"format": FORMAT, "version": 1, "scenario": s.title, "ruleset": s.ruleset,
            "fingerprint": scenario_fingerprint(dumps(s))[:16], "seed": seed, "bots": list(bots),
            "vary": [{"path": v.path, "values": list(v.values)} for v in varies],
            "settings": [{"setting": st, "winners": [], "turns": [], "outcomes": []} for st in settings(varies)]}


def check_extends(sweep: dict[str, Any], s: Scenario, varies: Sequence[Vary] | None, bots: Sequence[str],
                  seed: int | None, source: str) -> None:
    """A sweep file the run may extend: same scenario, settings, bots and seed; SweepError otherwise."""
    if not isinstance(sweep, dict) or sweep.get("format") != FORMAT:
        raise SweepError(f"{source}: not a Motu sweep file (no format {FORMAT!r})")
    if sweep["fingerprint"] != scenario_fingerprint(dumps(s))[:16]:
        raise SweepError(f"{source}: the sweep was played on a different version of the scenario")
    if varies is not None and [{"path": v.path, "values": list(v.values)} for v in varies] != sweep["vary"]:
        raise SweepError(f"{source}: the sweep varies {_says(sweep['vary'])}; --vary must say the same or be left out")
    if list(bots) != sweep["bots"]:
        raise SweepError(f"{source}: the sweep's bots are {', '.join(sweep['bots'])}, not {', '.join(bots)}")
    if seed is not None and seed != sweep["seed"]:
        raise SweepError(f"{source}: the sweep was played with seed {sweep['seed']}, not {seed}")


def _says(vary: list[dict[str, Any]]) -> str:
    return "; ".join(f"{v['path']}={','.join(map(str, v['values']))}" for v in vary)


def varies_of(sweep: dict[str, Any]) -> list[Vary]:
    return [Vary(v["path"], tuple(v["values"])) for v in sweep["vary"]]


def play_sweep(sweep: dict[str, Any], s: Scenario, games: int, workers: int = 1, scheduler: Any = None,
               progress: Callable[[int, int], None] | None = None) -> bool:
    """Play `games` more games under every setting (game numbers after those already played);
    the sweep is updated in place and summarised. Returns whether it was interrupted."""
    texts = setting_scenarios(s, varies_of(sweep))
    jobs = []
    for entry, (_, text) in zip(sweep["settings"], texts):
        start = len(entry["winners"])
        jobs.append((BatchSpec(text, tuple(sweep["bots"]), sweep["seed"]), list(range(start, start + games))))
    interrupted = False
    try:
        got = play_batches(jobs, workers, scheduler, progress)
    except Interrupted as stop:
        interrupted, got = True, stop.per_job
        # keep only the unbroken run of games from the start of each setting (a later extend goes on from there)
        kept = []
        for (_, numbers), rs in zip(jobs, got):
            by_game = {r.game: r for r in rs}
            run = []
            for g in numbers:
                if g not in by_game:
                    break
                run.append(by_game[g])
            kept.append(run)
        # every setting the same number of games, so that they stay comparable game for game
        least = min((len(k) for k in kept), default=0)
        got = [k[:least] for k in kept]
    for entry, rs in zip(sweep["settings"], got):
        entry["winners"] += [r.winner for r in rs]
        entry["turns"] += [r.record.get("turns", r.moves) for r in rs]
        entry["outcomes"] += [r.record.get("outcome", "") for r in rs]
    summarise(sweep, players_of(s))
    return interrupted


def players_of(s: Scenario) -> int:
    return get_ruleset(s.ruleset).new_initial_state(s).num_players()


def summarise(sweep: dict[str, Any], players: int) -> None:
    """Per setting, each player's win rate and interval; the setting nearest to even and how sure."""
    sweep["players"] = players
    even = 1 / players
    for entry in sweep["settings"]:
        n = len(entry["winners"])
        entry["games"] = n
        entry["per_player"] = [stats.rate(sum(w == p for w in entry["winners"]), n) for p in range(players)]
        entry["draws"] = sum(w is None for w in entry["winners"])
        entry["distance_from_even"] = max(abs(x["rate"] - even) for x in entry["per_player"]) if n else None
        entry["even_within_interval"] = bool(n) and all(x["interval95"][0] <= even <= x["interval95"][1]
                                                        for x in entry["per_player"])
    played = [e for e in sweep["settings"] if e["games"]]
    if not played:
        sweep["nearest_even"] = None
        return
    best = min(range(len(sweep["settings"])), key=lambda i: (sweep["settings"][i]["distance_from_even"]
                                                            if sweep["settings"][i]["games"] else math.inf, i))
    sweep["nearest_even"] = {"index": best, "setting": sweep["settings"][best]["setting"],
                             "distance_from_even": sweep["settings"][best]["distance_from_even"],
                             "even_within_interval": sweep["settings"][best]["even_within_interval"],
                             "chance_nearest": chance_nearest(sweep, players, best)}


def chance_nearest(sweep: dict[str, Any], players: int, best: int) -> float:
    """How sure: the share of draws from each setting's posterior (Dirichlet over the players'
    wins and the draws, a flat prior) in which `best` is still the setting nearest to even.
    Seeded, so the same games always give the same figure."""
    rng = np.random.default_rng(12345)
    even = 1 / players
    dist = []
    for e in sweep["settings"]:
        counts = [x["wins"] for x in e["per_player"]] + [e["draws"]]
        draws = rng.dirichlet(np.array(counts, dtype=float) + 1.0, RESAMPLES)[:, :players]
        dist.append(np.abs(draws - even).max(axis=1))
    d = np.array(dist)
    return float((d.argmin(axis=0) == best).mean())
