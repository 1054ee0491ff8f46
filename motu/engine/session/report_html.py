"""The HTML of a balance report: one page, its own CSS inline, its figures by relative path.

Scope: words and tables around the figures (report.py draws them); every number on the page
comes from the report's data, as report.json holds it.
"""
from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em auto;max-width:980px;
     padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em} h2{font-size:1.2em;border-bottom:2px solid #ddd;padding-bottom:.2em;
     margin-top:1.8em}
.sub{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.6em 0} td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:left}
th{background:#f4f4f4} td.n{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:.8em 0} img{max-width:100%;height:auto}
.note{background:#fff6e0;border-left:4px solid #e69f00;padding:.5em .8em;margin:.8em 0}
.ok{background:#e8f5ec;border-left:4px solid #009e73;padding:.5em .8em;margin:.8em 0}
.swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;vertical-align:-.1em;margin-right:.4em}
@media print{body{max-width:none} h2{page-break-after:avoid} figure{page-break-inside:avoid}}
"""


def _pct(x: float) -> str:
    return f"{x * 100:.1f} %"


def _interval(row: Mapping[str, Any]) -> str:
    lo, hi = row["interval95"]
    return f"{_pct(lo)} – {_pct(hi)}"


def _img(name: str | None, alt: str) -> str:
    return f'<figure><img src="{escape(name)}" alt="{escape(alt)}"></figure>' if name else ""


def _wins(report: Mapping[str, Any], colours: Sequence[str]) -> str:
    rows = "".join(
        f"<tr><td><span class=swatch style='background:{c}'></span>{escape(x['name'])}</td><td>{escape(x['bot'])}</td>"
        f"<td class=n>{x['wins']}</td><td class=n>{_pct(x['rate'])}</td><td class=n>{_interval(x)}</td></tr>"
        for x, c in zip(report["sides"], colours))
    widest = max((x["interval95"][1] - x["interval95"][0]) / 2 for x in report["sides"]) if report["sides"] else 0
    return (f"<table><tr><th>Side</th><th>Bot</th><th>Wins</th><th>Rate</th><th>95 % interval</th></tr>{rows}"
            f"<tr><td>no single winner</td><td></td><td class=n>{report['draws']}</td>"
            f"<td class=n>{_pct(report['draws'] / max(1, report['games']))}</td><td></td></tr></table>"
            f"<p>The widest interval is ±{widest * 100:.1f} points: with four times the games it would be about half "
            f"as wide.</p>")


def _stopping(report: Mapping[str, Any]) -> str:
    st = report.get("stopping")
    if not st:
        return ""
    if st["reached"]:
        return (f"<p class=ok>Stopping rule: games were played in batches of {st['batch']} until every side's "
                f"interval was within ±{st['within'] * 100:.0f} points; reached after {report['games']} games.</p>")
    return (f"<p class=note>Stopping rule: every interval within ±{st['within'] * 100:.0f} points was <b>not</b> "
            f"reached within the cap of {st['cap']} games; the figures below are less sure than asked.</p>")


def _seat(report: Mapping[str, Any], pic: str | None) -> str:
    seat = report["seat"]
    head = "<h2>Seat advantage</h2>"
    if report["bots_differ"]:
        head += ("<p class=note>The sides were played by different bots, so their win rates above measure the bots as "
                 "much as the seats. The seat advantage below comes only from "
                 f"{seat['games']} further games in which every seat had the same bot "
                 f"({escape(', '.join(seat['bots']))}, each in turn).</p>")
    if not seat["games"]:
        return head + "<p>No games with the same bot in every seat were played.</p>"
    rows = "".join(f"<tr><td>seat {r['seat'] + 1}</td><td>{escape(r['name'])}</td><td class=n>{r['wins']}</td>"
                   f"<td class=n>{_pct(r['rate'])}</td><td class=n>{_interval(r)}</td></tr>" for r in seat["per_seat"])
    verdict = _seat_verdict(seat)
    return (head + f"<p>{seat['games']} games with {escape(' / '.join(seat['bots']))} in every seat; an even game "
            f"gives each seat {_pct(seat['even'])}. {verdict}</p>"
            f"<table><tr><th>Seat</th><th>Side</th><th>Wins</th><th>Rate</th><th>95 % interval</th></tr>{rows}</table>"
            + _img(pic, "seat advantage"))


def _seat_verdict(seat: Mapping[str, Any]) -> str:
    """The chi-squared test over all seats at once (stats.seats_even_test), in words."""
    test = seat.get("test") or {}
    p, decided = test.get("p"), test.get("decided", 0)
    if p is None:
        return (f"Only {decided} of these games had a single winner: too few to tell whether the seats are even "
                "(play more games).")
    if p < 0.05:
        return (f"<b>The seats are not even</b>: seats that win equally often would give wins as unequal as these "
                f"in fewer than one set of {decided} games in twenty (chi-squared test over all seats, p = {p:.3f}).")
    return (f"No seat advantage shows at this number of games: seats that win equally often would give wins as "
            f"unequal as these in {p:.0%} of sets of {decided} games (chi-squared test over all seats).")


def _matrix(report: Mapping[str, Any], pic: str | None) -> str:
    m = report.get("matrix")
    if not m:
        return ""
    from .matrix import skill_pays
    labels = m.get("labels", m["bots"])
    players = len(m["seats"])
    widest = max((c["interval95"][1] - c["interval95"][0]) / 2 for seat in m["seats"] for row in seat["cells"]
                 for c in row)
    played = sum(len(x["games"]) for x in m.get("results", [])) or m.get("lineups", 0) * m["games"]
    own = m.get("own_mcts")
    cheaper = (f" MCTS plays fewer playouts a move here than the rule set's own ({escape(own)}), so that the "
               "matrix is affordable; its strength here is that of the cheaper search." if own else "")
    head = (f"<h2>Bot matrix: does the scenario reward skill?</h2><p>Bots: {escape('; '.join(labels))}.{cheaper} In "
            "each cell the bot of the row plays one seat and the bot of the column every other seat. "
            f"<b>{m['games']} games a cell</b> ({m.get('lineups', '?')} line-ups, a line-up shared by two cells played "
            f"once: {played} games, on the dice of games 1–{m['games']} above). At {m['games']} games a cell's 95 % "
            f"interval is up to ±{widest * 100:.0f} points: read the panels for large differences only. The last "
            f"panel takes each bot in every seat in turn ({m['games'] * players} games a cell), which says more "
            f"surely how the bots compare. An even share is {_pct(m['even'])}.</p>")
    lines = []
    if m.get("seats_rotated"):
        for row in skill_pays(m):
            lo, hi = row["interval95"]
            how = {"above": "more than an even share: skill pays",
                   "below": "less than an even share: the weaker bot does better",
                   "around": "not surely different from an even share at this number of games"}[row["verdict"]]
            lines.append(f"<li><b>{escape(row['stronger'])}</b> against {escape(row['weaker'])}: its seat won "
                         f"{row['wins']} of {row['games']} ({_pct(row['rate'])}, interval {_pct(lo)} – {_pct(hi)}), "
                         f"{how}.</li>")
    return head + (f"<ul>{''.join(lines)}</ul>" if lines else "") + _img(pic, "bot matrix")


def _endings(report: Mapping[str, Any]) -> str:
    """What ended the games, where the records say (Tahiti: the end-of-season events or the turn limit)."""
    totals: dict[str, int] = {}
    for by in (report.get("endings") or {}).values():
        for why, n in by.items():
            totals[why] = totals.get(why, 0) + n
    if not totals:
        return ""
    games = max(1, report["games"])
    words = [f"{n} ({_pct(n / games)}) ended by {escape(why)}" if why != "other" else
             f"{n} ({_pct(n / games)}) ended at once, by event 66 or with one clan left" for why, n in totals.items()]
    return f"<p>Of {report['games']} games, {'; '.join(words)}.</p>"


def page(report: Mapping[str, Any], pics: Mapping[str, str | None], maps: Sequence[tuple[Mapping[str, Any], str]]) -> str:
    from .figures import side_colours
    colours = side_colours(report)
    title = report["scenario"] or report["ruleset"]
    ln = report["length"]
    tl = report["timeline"]
    bots = ", ".join(f"{x['name']}: {x['bot']}" for x in report["sides"])
    parts = [
        f"<h1>Balance report: {escape(title)}</h1>",
        f"<p class=sub>{report['games']} games, seed {report['seed']}; bots — {escape(bots)}."
        + (f" Where no bot is named a side plays the rule set's balance bot, {escape(report['balance_bot'])}, which "
           "plays to a result (never the random bot, whose games in some rule sets only time out)."
           if report.get("balance_bot") else "")
        + (f" {report['not_finished']} games did not finish within Motu's move limit." if report["not_finished"] else "")
        + "</p>",
        (f"<p class=note>The run was stopped early: this page covers the {report['games']} games finished by then, "
         "fewer than were asked for.</p>" if report.get("interrupted") else ""),
        "<h2>Wins per side</h2>", _stopping(report), _wins(report, colours), _img(pics.get("wins"), "wins per side"),
        "<h3>Were enough games played?</h3><p>The win rate after each number of games, with its 95 % interval. When "
        "the bands have stopped narrowing noticeably and the lines have settled, more games would not change the "
        "answer much.</p>", _img(pics.get("convergence"), "convergence"),
        _seat(report, pics.get("seat")),
        "<h2>How games ended</h2>", _img(pics.get("outcomes"), "outcomes"), _endings(report),
        f"<p>Game length in {escape(ln['unit'])}: mean {ln['mean']:.1f}, median {ln['median']}, from {ln['min']} to "
        f"{ln['max']} (on average {ln['actions_mean']:.0f} actions and dice a game).</p>",
        _img(pics.get("length"), "game length"),
    ]
    if pics.get("timeline"):
        unit = escape(ln["unit"].rstrip("s"))
        parts += [f"<h2>Timeline</h2><p>Mean {escape(tl['what'])} per side after each {unit} (at 0: the start), over "
                  "all games (a game that has ended keeps its last value)."
                  + (f" {escape(tl['note'])}" if tl.get("note") else "") + "</p>", _img(pics["timeline"], "timeline")]
    if maps:
        parts.append("<h2>Maps</h2>")
        for m, pic in maps:
            parts.append(f"<h3>{escape(m['title'])}</h3><p>Colour: {escape(m['what'])}; grey: never.</p>"
                         + _img(pic, m["title"]))
    parts.append(_matrix(report, pics.get("matrix")))
    parts.append("<p class=sub>Every figure on this page is drawn from report.json beside it, which also holds each "
                 "game's result.</p>")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>Balance: {escape(title)}</title>"
            f"<style>{CSS}</style></head><body>" + "\n".join(p for p in parts if p) + "</body></html>")
