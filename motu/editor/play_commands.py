"""Playing the scenario from the editor: Map → Playtest (F5, Shift+F5) and Tools → Balance Report.

Scope: the checks before a playtest (errors stop and show, warnings ask once per warning) and
starting the game table (motu/editor/playtest/) or the balance dialog (motu/editor/balance_dialog.py).
"""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from motu.engine.rules.ruleset import RuleSetError


class PlayCommands:
    """Mixed into MainWindow; needs self.document, self.problems, self.status() and self._acknowledged_warnings."""

    def ask_playtest_warnings(self, warnings) -> bool:
        text = "\n".join(f"{f.code}: {f.message}" for f in warnings[:10])
        answer = QMessageBox.question(self, "Playtest with warnings",
                                      f"The scenario has {len(warnings)} warnings:\n\n{text}\n\nPlaytest anyway?")
        return answer == QMessageBox.Yes

    def start_playtest(self, from_position: bool = False):
        """F5: check the scenario; errors stop (and show), warnings ask once; then a game of it as it is now.
        Shift+F5 starts from the pieces as set up, where the rule set has a standard start of its own."""
        rules = self.document.rules
        if not rules.playable:
            self.status(f"{rules.name} cannot be played yet.")
            return None
        findings = rules.validate(self.document.scenario)
        errors = [f for f in findings if f.severity == "error"]
        if errors:
            self.problems.show_findings(findings)
            self.status(f"{len(errors)} errors: fix them before playtesting (Problems dock).")
            return None
        warnings = [f for f in findings if f.severity == "warning"]
        new = {(f.code, f.message) for f in warnings} - self._acknowledged_warnings
        if new and not self.ask_playtest_warnings(warnings):
            return None
        self._acknowledged_warnings |= new
        from .playtest.window import start_playtest
        options = {"start_from_position": True} if from_position and "start_from_position" in rules.catalogue.options else {}
        try:
            self.playtest = start_playtest(self, options=options)
        except RuleSetError as exc:  # the map checks clean, yet the game cannot start on it (no Home Village yet)
            self.status(f"Cannot playtest: {exc}")
            return None
        self.playtest.show()
        return self.playtest

    def show_balance_report(self):
        """Tools → Balance Report: bots play the scenario off the GUI thread (motu/editor/balance_dialog.py)."""
        from .balance_dialog import show_balance_dialog
        return show_balance_dialog(self)
