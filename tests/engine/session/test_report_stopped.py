"""A balance report of a run that was stopped says so on its page, with the games it holds."""
import os

from motu.engine.io.native import load_path
from motu.engine.session.balance import BalanceRun, run_balance
from motu.engine.session.report_html import page

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def test_the_page_says_when_the_run_was_stopped_early():
    report, interrupted = run_balance(BalanceRun(load_path(os.path.join(ROOT, "scenarios", "tiki.yaml")),
                                                 ["random", "random"], games=3, seed=1))
    assert not interrupted and not report["interrupted"]
    assert "stopped early" not in page(report, {}, [])
    stopped = dict(report, interrupted=True)
    assert f"The run was stopped early: this page covers the {report['games']} games finished" in page(stopped, {}, [])
