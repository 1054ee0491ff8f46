"""A sweep's files: sweep.json (which a later run extends), sweep.png and a one-page sweep.html.

Scope: the picture of win rate against setting, with each player's 95% band and the even
line, and the page naming the setting nearest to even and how sure that is.
"""
from __future__ import annotations

import json
import os
from html import escape
from typing import Any, Mapping, Sequence

from motu.engine.io.atomic import write_atomic

from .report_html import CSS


def setting_label(setting: Mapping[str, Any]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in setting.items())


def plot(sweep: Mapping[str, Any], names: Sequence[str], directory: str,
         side_colours: Sequence[str | None] = ()) -> str:
    """sweep.png: each side's win rate against the setting, in the side's own colour as the
    balance report draws it (`side_colours`: the scenario's, None where a side has none)."""
    from . import figures
    entries = sweep["settings"]
    numeric = len(sweep["vary"]) == 1 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                              for v in sweep["vary"][0]["values"])
    xs = [e["setting"][sweep["vary"][0]["path"]] for e in entries] if numeric else list(range(len(entries)))
    fig, ax = figures.subplots(figsize=(7.0, 3.8))
    players = sweep["players"]
    cols = figures.colours(list(side_colours)[:players] + [None] * (players - len(side_colours)))
    for p in range(players):
        col = cols[p]
        rate = [e["per_player"][p]["rate"] * 100 for e in entries]
        ax.plot(xs, rate, color=col, marker="o", lw=1.6, label=names[p] if p < len(names) else f"player {p + 1}")
        ax.fill_between(xs, [e["per_player"][p]["interval95"][0] * 100 for e in entries],
                        [e["per_player"][p]["interval95"][1] * 100 for e in entries], color=col, alpha=0.18)
    ax.axhline(100 / players, color="#555555", ls="--", lw=1, label=f"even ({100 / players:.0f} %)")
    near = sweep.get("nearest_even")
    if near:
        step = (max(xs) - min(xs)) / max(1, len(xs) - 1) if len(xs) > 1 else 1
        x = xs[near["index"]]
        ax.axvspan(x - step * 0.2, x + step * 0.2, color="#009E73", alpha=0.2, label="nearest to even")
        ax.set_xlim(min(xs) - step * 0.3, max(xs) + step * 0.3)
    if not numeric:
        ax.set_xticks(xs, [setting_label(e["setting"]) for e in entries], rotation=20 if len(xs) > 3 else 0,
                      ha="right" if len(xs) > 3 else "center", fontsize=8)
    else:
        ax.set_xticks(xs)
        ax.set_xlabel(sweep["vary"][0]["path"])
    ax.set_ylim(0, 100)
    ax.set_ylabel("games won, %")
    ax.set_title(f"Win rate by setting, {entries[0]['games']} games each (band: 95% interval)", fontsize=10)
    ax.legend(fontsize=8, ncol=min(4, players + 2), loc="upper center", bbox_to_anchor=(0.5, -0.18 if numeric else -0.3))
    return figures._save(fig, directory, "sweep.png")


def verdict(sweep: Mapping[str, Any]) -> str:
    near = sweep.get("nearest_even")
    if not near:
        return "No games were played."
    e = sweep["settings"][near["index"]]
    sure = near["chance_nearest"]
    words = (f"The setting nearest to even is {setting_label(near['setting'])}: its worst side is "
             f"{near['distance_from_even'] * 100:.1f} points from an even share over {e['games']} games. ")
    words += ("Every side's 95 % interval there contains the even share. " if near["even_within_interval"] else
              "Even so, at least one side's 95 % interval there leaves out the even share: no setting tried is even. ")
    words += (f"It is the nearest in {sure:.0%} of draws from the results' uncertainty"
              + (" — fairly sure." if sure >= 0.9 else " — not sure yet: play more games (--extend)." if sure < 0.6
                 else " — likely, not certain."))
    return words


def write_sweep(sweep: dict[str, Any], names: Sequence[str], directory: str,
                side_colours: Sequence[str | None] = ()) -> dict[str, str]:
    os.makedirs(directory, exist_ok=True)
    paths = {"json": os.path.join(directory, "sweep.json"), "html": os.path.join(directory, "sweep.html")}
    write_atomic(paths["json"], json.dumps(sweep, indent=1))
    pic = plot(sweep, names, directory, side_colours)
    paths["png"] = os.path.join(directory, pic)
    players = sweep["players"]
    head = "".join(f"<th>{escape(n)}</th>" for n in names[:players])
    rows = "".join(
        f"<tr><td>{escape(setting_label(e['setting']))}</td><td class=n>{e['games']}</td>"
        + "".join(f"<td class=n>{x['rate'] * 100:.1f} % ({x['interval95'][0] * 100:.1f}–{x['interval95'][1] * 100:.1f})"
                  f"</td>" for x in e["per_player"])
        + f"<td class=n>{e['draws']}</td></tr>" for e in sweep["settings"])
    bots = ", ".join(f"{n}: {b}" for n, b in zip(names, sweep["bots"]))
    html = (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>Sweep: {escape(sweep['scenario'])}</title>"
            f"<style>{CSS}</style></head><body><h1>Sweep: {escape(sweep['scenario'] or sweep['ruleset'])}</h1>"
            f"<p class=sub>Seed {sweep['seed']}; every setting played on the same dice; bots — {escape(bots)}.</p>"
            f"<p class=ok>{escape(verdict(sweep))}</p><figure><img src='{pic}' alt='win rate by setting'></figure>"
            f"<table><tr><th>Setting</th><th>Games</th>{head}<th>No single winner</th></tr>{rows}</table>"
            "<p class=sub>Cells: win rate (95 % interval). sweep.json beside this page holds every game's winner; "
            "<code>motu balance FILE --extend sweep.json --games N</code> adds N games to every setting.</p>"
            "</body></html>")
    write_atomic(paths["html"], html)
    return paths
