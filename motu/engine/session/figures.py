"""The pictures of a balance report, drawn with matplotlib from report.json's data only.

Scope: one function per figure, each writing a PNG beside the page and returning its file
name. Every figure is drawn from the report dictionary (never from the games directly), so
what the page shows is what the JSON says. Colours: a side's own colour where the scenario
gives one, else matplotlib's colour-blind-safe cycle; maps use one sequential colour scale
with a colour bar saying what it counts, readable on screen and in grey on paper.
"""
from __future__ import annotations

import os
from typing import Any, Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no display: pictures for a file, in a worker thread or process
import matplotlib.colors  # noqa: E402,F401
import matplotlib.ticker  # noqa: E402,F401
from matplotlib.collections import PolyCollection  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from motu.engine.scenario.model import Scenario  # noqa: E402

from .collect import ordered_outcomes  # noqa: E402

DPI = 110
WATER = "#dbe9f4"
CYCLE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
matplotlib.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False,
                            "axes.grid": True, "grid.alpha": 0.3, "figure.autolayout": False})


def subplots(nrows: int = 1, ncols: int = 1, *, figsize=None, layout=None, **grid):
    """A figure and its axes, made without pyplot: pyplot keeps every figure in one global
    registry that is not thread-safe, and the editor draws a report on a worker thread while its
    own thread collects garbage (a crash seen in matplotlib's transforms). A bare Figure is
    drawn and saved by the Agg canvas and freed with its last reference."""
    fig = Figure(figsize=figsize, layout=layout)
    return fig, fig.subplots(nrows, ncols, **grid)



def colours(given: Sequence[str | None]) -> list[str]:
    """Each side's own colour where the scenario gives one (#rgb or #rrggbb), else the cycle's."""
    return [c if isinstance(c, str) and c.startswith("#") and len(c) in (4, 7) else CYCLE[i % len(CYCLE)]
            for i, c in enumerate(given)]


def side_colours(report: Mapping[str, Any]) -> list[str]:
    return colours([x.get("colour") for x in report["sides"]])


def _save(fig, directory: str, name: str) -> str:
    fig.savefig(os.path.join(directory, name), dpi=DPI, bbox_inches="tight")
    return name


def _legend_below(ax, entries: int) -> None:
    """The legend under the axes: inside them it hides lines and bands wherever they run."""
    ax.legend(fontsize=8, ncol=min(4, entries), loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)


def _whiskers(rows) -> list[list[float]]:
    """Error bars from the intervals (never below zero: a rate of 0 has its interval's end at 0 ± rounding)."""
    return [[max(0.0, (r["rate"] - r["interval95"][0]) * 100) for r in rows],
            [max(0.0, (r["interval95"][1] - r["rate"]) * 100) for r in rows]]


def wins(report: Mapping[str, Any], directory: str) -> str:
    sides = report["sides"]
    fig, ax = subplots(figsize=(6.5, 0.5 + 0.45 * len(sides)))
    names = [f"{x['name']} ({x['bot']})" for x in sides]
    rates = [x["rate"] * 100 for x in sides]
    err = _whiskers(sides)
    ys = range(len(sides))
    ax.barh(ys, rates, xerr=err, color=side_colours(report), capsize=4, height=0.6)
    ax.set_yticks(list(ys), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("games won, % (bars: 95% interval)")
    for y, x in zip(ys, sides):
        # the figure written at the bar's foot where the whisker leaves it room, else past the
        # whisker's end: a whisker drawn through the figure makes it unreadable
        r, lo, hi = x["rate"] * 100, x["interval95"][0] * 100, x["interval95"][1] * 100
        inside = (r >= 14 and lo >= 13) or hi > 86  # past the whisker there would be no room
        ax.text(1.2 if inside else hi + 1.5, y, f"{r:.1f} %", va="center", ha="left", fontsize=9, fontweight="bold",
                color="white" if inside else "#222222")
    return _save(fig, directory, "wins.png")


def convergence(report: Mapping[str, Any], directory: str) -> str:
    conv = report["convergence"]
    fig, ax = subplots(figsize=(6.5, 3.4))
    for x, col, series in zip(report["sides"], side_colours(report), conv["per_player"]):
        rate = [s[0] * 100 for s in series]
        ax.plot(conv["games"], rate, color=col, label=x["name"], lw=1.6)
        ax.fill_between(conv["games"], [s[1] * 100 for s in series], [s[2] * 100 for s in series], color=col, alpha=0.18)
    ax.set_xlabel("games played")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.set_ylabel("games won, %")
    ax.set_ylim(0, 100)
    ax.set_title("Win rate as games were played (band: 95% interval)", fontsize=10)
    _legend_below(ax, len(report["sides"]))
    return _save(fig, directory, "convergence.png")


def seat(report: Mapping[str, Any], directory: str) -> str | None:
    seat = report["seat"]
    if not seat["games"]:
        return None
    rows = seat["per_seat"]
    fig, ax = subplots(figsize=(6.5, 0.5 + 0.45 * len(rows)))
    ys = range(len(rows))
    rates = [r["rate"] * 100 for r in rows]
    err = _whiskers(rows)
    ax.barh(ys, rates, xerr=err, color="#777777", capsize=4, height=0.6)
    ax.axvline(seat["even"] * 100, color="#D55E00", ls="--", lw=1.2, label=f"even ({seat['even']:.0%})")
    ax.set_yticks(list(ys), [f"seat {r['seat'] + 1}: {r['name']}" for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"games won, % — {seat['games']} games, {' / '.join(seat['bots'])} in every seat")
    # above the axes: inside, it hid the end of the last seat's whisker
    ax.legend(fontsize=8, loc="lower right", bbox_to_anchor=(1.0, 1.0), frameon=False)
    return _save(fig, directory, "seat.png")


ENDED_COLOURS = {"an end-of-season event (11-13)": "#0072B2", "the turn limit": "#E69F00", "other": "#009E73"}


def outcomes(report: Mapping[str, Any], directory: str) -> str:
    """One bar an outcome; where the records say what ended the game (Tahiti), each bar split by it."""
    items = list(ordered_outcomes(report.get("ruleset", ""), report["outcomes"]).items())
    endings = report.get("endings") or {}
    whys = sorted({w for e in endings.values() for w in e}, key=lambda w: list(ENDED_COLOURS).index(w)
                  if w in ENDED_COLOURS else len(ENDED_COLOURS))
    fig, ax = subplots(figsize=(6.5, 0.6 + 0.4 * len(items) + (0.5 if whys else 0)))
    ys = list(range(len(items)))
    if whys:
        left = [0] * len(items)
        for w in whys:
            counts = [endings.get(k, {}).get(w, 0) for k, _ in items]
            words = "ended at once (event 66, or one clan left)" if w == "other" else f"ended by {w}"
            ax.barh(ys, counts, left=left, color=ENDED_COLOURS.get(w, "#999999"), height=0.6, label=words)
            left = [a + b for a, b in zip(left, counts)]
        ax.legend(fontsize=8, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=len(whys), frameon=False)
    else:
        ax.barh(ys, [v for _, v in items], color="#009E73", height=0.6)
    ax.set_yticks(ys, [k[:1].upper() + k[1:] for k, _ in items])
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    n = max(1, report["games"])
    for y, (_, v) in zip(ys, items):
        ax.text(v, y, f" {v} ({v / n:.0%})", va="center", fontsize=9)
    ax.set_xlim(0, max([v for _, v in items] + [1]) * 1.18)
    return _save(fig, directory, "outcomes.png")


def length(report: Mapping[str, Any], directory: str) -> str:
    ln = report["length"]
    xs = [int(k) for k in ln["histogram"]]
    counts = list(ln["histogram"].values())
    fig, ax = subplots(figsize=(6.5, 3.0))
    span = max(xs) - min(xs) + 1 if xs else 1
    # one bar a turn for short games; for long ones bins of several turns, so the bars stay visible
    bins = range(min(xs), max(xs) + 2) if span <= 40 else 30
    ax.hist(xs, bins=bins, weights=counts, color="#0072B2", edgecolor="white", linewidth=0.5,
            align="left" if span <= 40 else "mid")
    ax.axvline(ln["mean"], color="#D55E00", ls="--", lw=1.2, label=f"mean {ln['mean']:.1f}")
    if span < 6:  # every game about as long: a few turns either side, so the axis reads in whole turns
        ax.set_xlim(min(xs) - 3, max(xs) + 3)
    ax.set_xlabel(f"game length, {ln['unit']}")
    ax.set_ylabel("games")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.legend(fontsize=8)
    return _save(fig, directory, "length.png")


def timeline(report: Mapping[str, Any], directory: str) -> str | None:
    tl = report["timeline"]
    if not tl["turns"]:
        return None
    fig, ax = subplots(figsize=(6.5, 3.4))
    for x, col, series in zip(report["sides"], side_colours(report), tl["per_player"]):
        ax.plot(tl["turns"], series["mean"], color=col, label=x["name"], lw=1.6, marker="o" if len(tl["turns"]) < 15 else None,
                ms=3)
        ax.fill_between(tl["turns"], series["lo"], series["hi"], color=col, alpha=0.18)
    ax.set_xlabel(f"{report['length']['unit']} played (0: the start)")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.set_ylabel(f"mean {tl['what']}")
    ax.set_title("Per side, turn by turn (band: 95% interval of the mean)", fontsize=10)
    _legend_below(ax, len(report["sides"]))
    return _save(fig, directory, "timeline.png")


def _cells_polys(s: Scenario) -> list[list[tuple[float, float]]]:
    return [[(x, -y) for x, y in s.grid.polygon(c)] for c in range(s.grid.size)]


def _base_colours(s: Scenario, catalogue) -> list[str]:
    """Water pale blue; land in pale greys by its terrain's own lightness, so that the terrain
    still shows under the counts without a hue to mistake for one of the colour scale."""
    grey: dict[str, str] = {}
    out = []
    for t in s.terrain:
        kind = catalogue.terrain.get(t) if catalogue is not None else None
        if kind is not None and kind.kind == "water":
            out.append(WATER)
            continue
        if t not in grey:
            try:
                r, g, b = matplotlib.colors.to_rgb(kind.color) if kind is not None else (0.9, 0.9, 0.9)
            except ValueError:
                r, g, b = 0.9, 0.9, 0.9
            level = 0.80 + 0.16 * (0.3 * r + 0.59 * g + 0.11 * b)
            grey[t] = matplotlib.colors.to_hex((level, level, level))
        out.append(grey[t])
    return out


def map_grid(s: Scenario, catalogue, panels: Sequence[tuple[str, Mapping[int, float]]], vmax: float, what: str,
             directory: str, name: str, title: str, cmap: str = "viridis_r", gamma: float = 1.0) -> str:
    """Small multiples of the map, one per panel (title, cell -> value), one colour bar. `gamma` < 1
    spreads the low values (counts where a few hexes dominate: home villages, the track)."""
    polys = _cells_polys(s)
    base = _base_colours(s, catalogue)
    n = len(panels)
    cols = min(n, 2 if n == 4 else 3)
    rows = (n + cols - 1) // cols
    # the frame: the land (and whatever a panel colours) with a cell's margin, not the whole sea
    keep = [c for c in range(len(polys)) if base[c] != WATER or any(p.get(c) for _, p in panels)] or list(range(len(polys)))
    xs = [p[0] for c in keep for p in polys[c]]
    ys = [p[1] for c in keep for p in polys[c]]
    pad = abs(polys[0][0][0] - polys[0][2][0]) / 3 if len(polys[0]) > 2 else 0
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
    aspect = (y1 - y0) / max(1e-9, x1 - x0)
    width = 3.6 if cols > 1 else 5.0
    fig, axes = subplots(rows, cols, figsize=(width * cols, min(8, max(1.6, width * aspect)) * rows + 1.0),
                             squeeze=False, layout="constrained")
    norm = (matplotlib.colors.Normalize(vmin=0, vmax=vmax or 1) if gamma == 1.0 else
            matplotlib.colors.PowerNorm(gamma, vmin=0, vmax=vmax or 1))
    cm = matplotlib.colormaps[cmap]
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, (label, values) in zip(axes.flat, panels):
        colours = [cm(norm(values[c])) if values.get(c) else base[c] for c in range(len(polys))]
        ax.add_collection(PolyCollection(polys, facecolors=colours, edgecolors="#00000030", linewidths=0.3))
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_aspect("equal")
        ax.set_title(label, fontsize=10)
        if len(polys) <= 100:  # a board of a few spaces: each space's name and figure written in it
            for c in range(len(polys)):
                cx = sum(p[0] for p in polys[c]) / len(polys[c])
                cy = sum(p[1] for p in polys[c]) / len(polys[c])
                v = values.get(c)
                dark = bool(v) and norm(v) > 0.55
                ax.text(cx, cy, s.grid.label(c) + (f"\n{v:.2g}" if v else ""), ha="center", va="center",
                        fontsize=7 if len(polys) > 30 else 9, color="white" if dark else "#333333")
    sm = matplotlib.cm.ScalarMappable(norm=norm, cmap=cm)
    bar = fig.colorbar(sm, ax=list(axes.flat), orientation="horizontal", shrink=0.7, aspect=40)
    if gamma != 1.0:  # ticks evenly spaced along the bar, not crowded at its dark end
        top = vmax or 1
        bar.set_ticks([top * (f ** (1 / gamma)) for f in (0, 0.25, 0.5, 0.75, 1)])
        bar.ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%.2g"))
    bar.set_label(what)
    return _save(fig, directory, name)


def matrix(report: Mapping[str, Any], directory: str) -> str | None:
    """One panel a seat and one with the seats rotated: the row bot's seat's win rate against the
    column's bot in every other seat, on a scale whose white is an even share."""
    m = report.get("matrix")
    if not m:
        return None
    labels = [lb.replace(", ", ",\n") for lb in m.get("labels", m["bots"])]
    even = m.get("even", 1 / max(1, len(m["seats"]))) * 100
    panels = [(f"{seat['name']} wins, % ({m['games']} games a cell)", f"bot of {seat['name']}", seat["cells"], False)
              for seat in m["seats"]]
    if m.get("seats_rotated"):
        panels.append((f"Every seat in turn, % ({m['games'] * len(m['seats'])} games a cell)", "bot in one seat",
                       m["seats_rotated"], True))
    cols = min(len(panels), 3)
    rows = (len(panels) + cols - 1) // cols
    fig, axes = subplots(rows, cols, figsize=(3.4 * cols, 3.2 * rows + 0.7), squeeze=False, layout="constrained")
    norm = matplotlib.colors.TwoSlopeNorm(vcenter=even, vmin=0, vmax=100)
    cm = matplotlib.colormaps["RdBu"]
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, (title, ylabel, cells, rotated) in zip(axes.flat, panels):
        ax.set_axis_on()
        grid = [[cell["rate"] * 100 for cell in row] for row in cells]
        shown = [[float("nan") if rotated and i == j else v for j, v in enumerate(row)] for i, row in enumerate(grid)]
        ax.imshow(shown, cmap=cm, norm=norm)
        ax.grid(False)
        ax.spines[:].set_visible(True)
        ax.set_xticks(range(len(labels)), labels, fontsize=9)
        ax.set_yticks(range(len(labels)), labels, fontsize=9)
        ax.set_xlabel("bot in every other seat" if len(m["seats"]) > 2 else "bot in the other seat", fontsize=9)
        ax.set_ylabel(ylabel, fontsize=9)
        ax.set_title(title, fontsize=10)
        for i, row in enumerate(cells):
            for j, cell in enumerate(row):
                if rotated and i == j:
                    ax.text(j, i, "same bot\neverywhere", ha="center", va="center", fontsize=8, color="#555555")
                    continue
                v = cell["rate"] * 100
                lo, hi = (x * 100 for x in cell["interval95"])
                dark = abs(norm(v) - 0.5) > 0.33
                ax.text(j, i, f"{v:.0f} %", ha="center", va="bottom", fontsize=11, fontweight="bold",
                        color="white" if dark else "black")
                ax.text(j, i + 0.08, f"{lo:.0f}–{hi:.0f}", ha="center", va="top", fontsize=8,
                        color="white" if dark else "black")
    bar = fig.colorbar(matplotlib.cm.ScalarMappable(norm=norm, cmap=cm), ax=list(axes.flat), orientation="horizontal",
                       shrink=0.6, aspect=40)
    bar.set_ticks([0, even / 2, even, (even + 100) / 2, 100])
    bar.ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%.0f"))
    bar.set_label(f"games won by the row bot's seat, % (white: an even share, {even:.0f} %); "
                  "under it, its 95 % interval")
    return _save(fig, directory, "matrix.png")
