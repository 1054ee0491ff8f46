"""Scenario dock: title, briefing, sides, rule-set options, victory, set-up and random tables.

Victory and set-up are forms built from what the rule set declares it reads (its catalogue's
`victory:` and `set_up:`, fields.py), with the YAML kept below for experts and for keys the
rule set does not declare.
"""
from __future__ import annotations

import yaml
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDockWidget, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit,
    QPushButton, QSpinBox, QStyle, QTabWidget, QVBoxLayout, QWidget,
)

from motu.engine.scenario import edits as E
from motu.engine.scenario.model import Side, is_ident

from . import scrolled
from .fields import form_field, label_for, note


def wrapped(text: str) -> QLabel:
    """A form row's label that wraps, so a rule set's long words never make the dock scroll sideways."""
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def _option_row(text: str, field: QWidget, beside: bool = False) -> QWidget:
    """An option's words, wrapped, with its field: a check box before them, anything else under them."""
    row = QWidget()
    lay = QHBoxLayout(row) if beside else QVBoxLayout(row)
    lay.setContentsMargins(0, 0, 0, 0)
    label = wrapped(text)
    label.setBuddy(field)
    if beside:
        lay.addWidget(field, 0, Qt.AlignTop)
        lay.addWidget(label, 1)
    else:
        lay.addWidget(label)
        lay.addWidget(field)
    return row


class ScenarioDock(QDockWidget):
    def __init__(self, ctx, parent=None):
        super().__init__("Scenario", parent)
        self.setObjectName("scenarioDock")
        self.ctx = ctx
        self.tabs = QTabWidget()
        self.setWidget(self.tabs)
        # The Set-up tab counts zone cells: follow zone strokes, once per turn of the event loop.
        self._zones_timer = QTimer(self)
        self._zones_timer.setSingleShot(True)
        self._zones_timer.setInterval(0)
        self._zones_timer.timeout.connect(self.refresh)
        ctx.document.changed.connect(self._document_changed)
        self.refresh()

    def needed_width(self) -> int:
        """The dock's width that shows every tab's name with no scroll arrows."""
        style = self.style()
        frames = 2 * (style.pixelMetric(QStyle.PM_DefaultFrameWidth) + style.pixelMetric(QStyle.PM_DockWidgetFrameWidth))
        return self.tabs.tabBar().sizeHint().width() + frames + 12

    def _document_changed(self, scope: str, cells) -> None:
        if scope == "zones":
            self._zones_timer.start()

    def refresh(self) -> None:
        current = self.tabs.currentIndex()
        self.tabs.clear()
        self.tabs.addTab(scrolled(self._general()), "General")
        self.tabs.addTab(scrolled(self._sides()), "Sides")
        self.tabs.addTab(scrolled(self._options()), "Options")
        self.tabs.addTab(scrolled(self._form("victory")), "Victory")
        self.tabs.addTab(scrolled(self._form("set_up")), "Set-up")
        self.tabs.addTab(scrolled(self._data("tables")), "Tables")
        self.tabs.setCurrentIndex(max(0, current))

    def _general(self) -> QWidget:
        s = self.ctx.document.scenario
        w = QWidget()
        form = QFormLayout(w)
        title = QLineEdit(s.title)
        title.setObjectName("scenarioTitle")
        title.editingFinished.connect(lambda: title.text() != s.title and self.ctx.push(E.SetField("title", title.text()), "Edit title"))
        title.setCursorPosition(0)  # the start of a long title, not its end
        form.addRow("Title", title)
        rules = QLabel(self.ctx.document.rules.name)
        rules.setObjectName("scenarioRuleSet")
        rules.setToolTip(f"Its id in scenario files and scripts: {s.ruleset}")
        form.addRow("Rule set", rules)
        form.addRow("Grid", QLabel(f"{s.grid.shape}, {s.grid.columns}×{s.grid.rows}, {s.grid.size} cells"))
        briefing = QPlainTextEdit(s.briefing)
        briefing.setObjectName("scenarioBriefing")
        apply = QPushButton("Apply briefing")
        apply.clicked.connect(lambda: briefing.toPlainText() != s.briefing
                              and self.ctx.push(E.SetField("briefing", briefing.toPlainText()), "Edit briefing"))
        form.addRow("Briefing", briefing)
        form.addRow(apply)
        return w

    def _sides(self) -> QWidget:
        s = self.ctx.document.scenario
        w = QWidget()
        lay = QVBoxLayout(w)
        for side in s.sides.values():
            row = QHBoxLayout()
            name = QLineEdit(side.name)
            name.editingFinished.connect(lambda sd=side, n=name: n.text() != sd.name and self.ctx.push(
                E.PutRecord("sides", sd.id, Side(sd.id, n.text(), sd.color, sd.props)), "Rename side"))
            remove = QPushButton("Remove")
            remove.clicked.connect(lambda _=False, sd=side: self.ctx.push(E.PutRecord("sides", sd.id, None), "Remove side"))
            row.addWidget(QLabel(side.id))
            row.addWidget(name)
            row.addWidget(remove)
            lay.addLayout(row)
        add_row = QHBoxLayout()
        new_id = QLineEdit()
        new_id.setObjectName("newSideId")
        new_id.setPlaceholderText("new side id")
        add = QPushButton("Add side")
        add.clicked.connect(lambda: self._add_side(new_id.text().strip()))
        add_row.addWidget(new_id)
        add_row.addWidget(add)
        lay.addLayout(add_row)
        lay.addStretch(1)
        return w

    def _add_side(self, sid: str) -> None:
        if not is_ident(sid):
            self.ctx.status(f"{sid!r} is not a valid side id")
            return
        if sid in self.ctx.document.scenario.sides:
            self.ctx.status(f"there is a side {sid!r} already")
            return
        self.ctx.push(E.PutRecord("sides", sid, Side(sid, sid.capitalize())), "Add side")

    def _options(self) -> QWidget:
        """One row an option: a check box before its words, any other field under them; the words wrap
        across the dock (a form's label column wrapped them a few words a line, and squeezed the rows)."""
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        w = QWidget()
        lay = QVBoxLayout(w)
        for spec in cat.options.values():
            value = s.options.get(spec.id, spec.default)
            text = f"{spec.text}" + (f" [{spec.rule}]" if spec.rule else "")
            if spec.type == "bool":
                box = QCheckBox()
                box.setObjectName(f"option_{spec.id}")
                box.setChecked(bool(value))
                box.toggled.connect(lambda on, k=spec.id: self._set_option(k, on))
                lay.addWidget(_option_row(text, box, beside=True))
            elif spec.type == "int":
                spin = QSpinBox()
                spin.setRange(-100000, 100000)
                spin.setValue(int(value or 0))
                spin.editingFinished.connect(lambda k=spec.id, sp=spin: self._set_option(k, sp.value()))
                lay.addWidget(_option_row(text, spin))
            elif spec.type == "choice":
                combo = QComboBox()
                combo.addItems([str(c) for c in spec.choices])
                if value in spec.choices:
                    combo.setCurrentIndex(list(spec.choices).index(value))
                combo.activated.connect(lambda i, k=spec.id, ch=spec.choices: self._set_option(k, ch[i]))
                lay.addWidget(_option_row(text, combo))
            else:
                edit = QLineEdit(str(value or ""))
                edit.editingFinished.connect(lambda k=spec.id, e=edit: self._set_option(k, e.text()))
                lay.addWidget(_option_row(text, edit))
        if not cat.options:
            lay.addWidget(QLabel("This rule set has no options."))
        lay.addStretch(1)
        return w

    def _set_option(self, key: str, value) -> None:
        options = dict(self.ctx.document.scenario.options)
        if options.get(key) == value:
            return
        options[key] = value
        self.ctx.push(E.SetField("options", options), "Edit options")

    # --- victory and set-up, as the rule set declares them --------------------------------------
    def _form(self, which: str) -> QWidget:
        s = self.ctx.document.scenario
        cat = self.ctx.map_item.catalogue
        spec = cat.victory if which == "victory" else cat.set_up
        w = QWidget()
        w.setObjectName(f"scenarioForm_{which}")
        lay = QVBoxLayout(w)
        if spec.text:
            lay.addWidget(note(spec.text))
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.WrapLongRows)  # a narrow dock puts a field under its long label
        lay.addLayout(form)
        for f in spec.fields:
            value = s.options.get(f.option) if f.option else s.victory.get(f.id)
            widget = form_field(f, value, lambda v, fs=f: self._set_form_value(fs, v))
            if isinstance(widget, QLineEdit):
                widget.setCursorPosition(0)  # a long note reads from its start
            form.addRow(wrapped(label_for(f)), widget)
        if not spec.fields:
            form.addRow(QLabel(f"{cat.name} declares nothing to set here."))
        if which == "set_up":
            lay.addWidget(self._zones())
        else:
            # Shown open when the file holds keys the form does not declare.
            expert = QCheckBox("Show as YAML (every key)")
            expert.setToolTip("The victory conditions as the file holds them, for experts: keys the form does not show too")
            expert.setObjectName("victoryYaml")
            expert.setChecked(bool(set(s.victory) - {f.id for f in spec.fields}))
            body = self._data("victory")
            lay.addWidget(expert)
            lay.addWidget(body)
            # Hidden once it has a parent: hiding a widget that is still a window of its own takes
            # the keyboard focus from the main window.
            body.setVisible(expert.isChecked())
            expert.toggled.connect(body.setVisible)
        lay.addStretch(1)
        return w

    def _zones(self) -> QWidget:
        s = self.ctx.document.scenario
        box = QGroupBox("Set-up zones (drawn with the Zone tool)")
        form = QFormLayout(box)
        for side in s.sides.values():
            zone = s.setup_zones.get(side.id)
            row = QHBoxLayout()
            row.addWidget(QLabel(f"{len(zone)} cells" if zone else "none: the rules' set-up applies"))
            if zone:
                clear = QPushButton("Clear")
                clear.setObjectName(f"clearZone_{side.id}")
                clear.clicked.connect(lambda _=False, sid=side.id: self.ctx.push(E.SetSetupZone(sid, None),
                                                                                 "Clear set-up zone"))
                row.addWidget(clear)
            holder = QWidget()
            holder.setLayout(row)
            form.addRow(side.name, holder)
        return box

    def _set_form_value(self, f, value) -> None:
        s = self.ctx.document.scenario
        if f.option:
            if value is None or s.options.get(f.option) == value:
                return
            self._set_option(f.option, value)
            return
        victory = dict(s.victory)
        if value is None:
            if f.id not in victory:
                return
            victory.pop(f.id)
        elif victory.get(f.id) == value:
            return
        else:
            victory[f.id] = value
        self.ctx.push(E.SetField("victory", victory), f"Set {f.text.lower()}")

    def _data(self, name: str) -> QWidget:
        s = self.ctx.document.scenario
        w = QWidget()
        lay = QVBoxLayout(w)
        text = QPlainTextEdit(yaml.safe_dump(getattr(s, name), sort_keys=False, allow_unicode=True) if getattr(s, name) else "")
        text.setObjectName(f"scenario_{name}")
        error = QLabel("")
        error.setStyleSheet("color: #b00020")
        apply = QPushButton(f"Apply {name}")
        apply.clicked.connect(lambda: self._apply_data(name, text.toPlainText(), error))
        if name != "victory":
            lay.addWidget(QLabel(f"{name.capitalize()} as YAML (read by the rule set):"))
        lay.addWidget(text)
        lay.addWidget(error)
        lay.addWidget(apply)
        return w

    def _apply_data(self, name: str, text: str, error: QLabel) -> None:
        from motu.engine.io.errors import LoadError
        from motu.engine.io.safe_yaml import load_yaml
        try:
            value = load_yaml(text, name) if text.strip() else {}
        except LoadError as exc:
            error.setText(str(exc))
            return
        if not isinstance(value, dict):
            error.setText(f"{name} must be a mapping (key: value lines)")
            return
        error.setText("")
        if value != getattr(self.ctx.document.scenario, name):
            self.ctx.push(E.SetField(name, value), f"Edit {name}")
