"""The engine computes the user's rule-set folder without Qt (motu/engine/plugins.py); it is
where QStandardPaths' AppDataLocation puts the editor's data, plus `rulesets`."""
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths

from motu.editor.app import name_application
from motu.engine.plugins import user_rulesets_dir


def test_user_rulesets_dir_is_qts_app_data_location(qapp, tmp_path, monkeypatch):
    name_application(QCoreApplication.instance())
    QStandardPaths.setTestModeEnabled(False)  # the suite's test mode puts Qt's folders under ~/.qttest
    try:
        _compare(tmp_path, monkeypatch)
    finally:
        QStandardPaths.setTestModeEnabled(True)


def _compare(tmp_path, monkeypatch):
    for xdg in (None, str(tmp_path / "xdg")):
        if xdg is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        qt = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        assert user_rulesets_dir() == Path(qt) / "rulesets", os.environ.get("XDG_DATA_HOME")
