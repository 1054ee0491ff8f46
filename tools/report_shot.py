"""Screenshots of balance reports for docs/screenshots/ (headless Chromium), and rebuilding a report's page.

    .venv/bin/python tools/report_shot.py REPORT_DIR OUT.png [--rebuild SCENARIO] [--width 1100]

--rebuild SCENARIO first writes the report's page and figures again from its report.json (every
game's result is in it), with the report code as it is now: a long run (a Tahiti bot matrix)
need not be played again when only the page changed. The shot: Chromium renders report.html in a
tall window, the white below the page is cut off, and the picture is kept in 256 colours (a
third of the size, and the figures have few colours).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rebuild(directory: str, scenario_path: str) -> str:
    from motu.engine.io.native import load_path
    from motu.engine.rules.registry import get_ruleset
    from motu.engine.session.batch import GameResult
    from motu.engine.session.matrix import matrix_data
    from motu.engine.session.report import build_report, write_report

    s = load_path(scenario_path)
    with open(os.path.join(directory, "report.json"), encoding="utf-8") as f:
        old = json.load(f)
    results = [GameResult.from_json(r) for r in old["results"]]
    seat_saved = old["seat"].get("results")
    seat_results = [GameResult.from_json(r) for r in seat_saved] if isinstance(seat_saved, list) else []
    matrix = None
    if old.get("matrix"):
        m = old["matrix"]
        rules = get_ruleset(s.ruleset)
        players = len(m["seats"])
        by_lineup = {tuple(x["lineup"]): [GameResult(g["game"], g["returns"], g["winner"], g["turns"], None, {},
                                                     {"turns": g["turns"], "outcome": g["outcome"],
                                                      **({"ended": g["ended"]} if g.get("ended") else {})},
                                                     tuple(g["bots"])) for g in x["games"]]
                     for x in m["results"]}
        matrix = matrix_data(rules, m["bots"], players, [x["side"] for x in m["seats"]],
                             [x["name"] for x in m["seats"]], by_lineup, m["games"])
    report = build_report(s, results, [x["bot"] for x in old["sides"]], old["seed"], seat_results, matrix,
                          old.get("stopping"))
    for key in ("interrupted", "results"):
        report[key] = old[key]
    report["seat"]["results"] = old["seat"]["results"]
    return write_report(s, report, directory)["html"]


def shot(page: str, out: str, width: int = 1100, height: int = 9000) -> None:
    from PIL import Image, ImageChops

    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "raw.png")
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={tmp}/profile", f"--window-size={width},{height}", f"--screenshot={raw}",
                        "file://" + os.path.abspath(page)], check=True, capture_output=True, timeout=180)
        img = Image.open(raw).convert("RGB")
    blank = Image.new("RGB", img.size, (255, 255, 255))
    box = ImageChops.difference(img, blank).getbbox()
    if box:  # the page's own margin kept below its last line
        img = img.crop((0, 0, width, min(img.height, box[3] + 30)))
    img.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report_dir")
    ap.add_argument("out")
    ap.add_argument("--rebuild", metavar="SCENARIO", help="write the page again from report.json first")
    ap.add_argument("--width", type=int, default=1100)
    args = ap.parse_args(argv)
    page = rebuild(args.report_dir, args.rebuild) if args.rebuild else os.path.join(args.report_dir, "report.html")
    shot(page, args.out, args.width)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
