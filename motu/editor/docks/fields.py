"""Form widgets built from a rule set's declarations: one editor per declared property or form field.

Scope: turning a `PropSpec` (piece property) or `FieldSpec` (victory, set-up) and the
current value(s) into a Qt widget that reports a new value, or None for "as the rules
say" (the kind's default, or what the rule set computes). No rule-set knowledge: the words,
choices, limits and computed values all come from the engine. Used by the Properties dock,
the Forces dock's New dialog and the Scenario dock.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from motu.engine.scenario.piece_props import Computed, candidates, kind_default

MIXED = "(several values)"
Changed = Callable[[Any], None]


def _rule(spec) -> str:
    return f" (§{spec.rule})" if spec.rule and spec.rule[:1].isdigit() else ""


def label_for(spec) -> str:
    return spec.text + _rule(spec)


def _combo(name: str, items: list[tuple[str, Any]], current: int, changed: Changed, tip: str = "") -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    box.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)  # the dock's width, not the longest name
    box.setMinimumContentsLength(8)
    for text, _ in items:
        box.addItem(text)
    box.setCurrentIndex(current)
    if tip:
        box.setToolTip(tip)
    box.activated.connect(lambda i: changed(items[i][1]))
    return box


def _pick(name, items, same: bool, value, changed: Changed, tip: str, unknown: str) -> QComboBox:
    """A combo of `items` showing the common stored value, listed even when it is not one of them
    (named by `unknown`, e.g. "{!r} (not a choice)"), so a bad value is seen, not hidden."""
    known = [v for _, v in items]
    if same and value is not None and value not in known:
        items = items + [(unknown.format(value), value)]
        known.append(value)
    return _combo(name, items, known.index(value) if same and value in known else -1, changed, tip)


def note(text: str) -> QLabel:
    """A rule set's words above a form, wrapped."""
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def _common(values: list[Any]) -> tuple[bool, Any]:
    first = values[0] if values else None
    return all(v == first for v in values), first


def piece_field(spec, rules, scenario, pieces, changed: Changed) -> QWidget:
    """An editor for a declared property over `pieces` (one or many); `changed(None)` clears it."""
    cat = rules.catalogue
    stored = [p.props.get(spec.prop) for p in pieces]
    same, value = _common(stored)
    computed: list[Computed | None] = [rules.computed(scenario, p, spec) if spec.computed else None for p in pieces]
    name = f"field_{spec.id}"
    if spec.type in ("piece", "group_ref"):
        options = candidates(rules, scenario, pieces[0], spec)
        if len(pieces) > 1:
            keep = set.intersection(*(set(v for v, _ in candidates(rules, scenario, p, spec)) for p in pieces))
            options = [o for o in options if o[0] in keep]
        items: list[tuple[str, Any]] = [("(none)", None)] + [(t, v) for v, t in options]
        return _pick(name, items, same, value, changed, spec.help, "{} (not there)")
    if spec.type == "choice":
        if spec.computed and all(c is not None for c in computed):
            c_same, c_val = _common([c.value for c in computed])
            default = f"as the rules: {spec.label_of(c_val)}" if c_same else "as the rules"
        else:
            kinds = {kind_default(cat.pieces[p.kind], spec) for p in pieces if p.kind in cat.pieces}
            default = f"the kind's: {spec.label_of(next(iter(kinds)))}" if len(kinds) == 1 and None not in kinds else "(none)"
        items = [(default, None)] + [(spec.label_of(ch), ch) for ch in spec.choices]
        return _pick(name, items, same, value, changed, spec.help, "{!r} (not a choice)")
    if spec.type == "bool":
        if spec.computed and all(c is not None for c in computed):
            return _computed_bool(name, spec, same, value, computed, changed)
        box = QCheckBox()
        box.setObjectName(name)
        box.setTristate(not same)
        box.setChecked(bool(value) if same else False)
        box.toggled.connect(lambda on: changed(bool(on)))
        return box
    if spec.type == "int":
        return _int(name, spec, same, value, computed, changed)
    edit = QLineEdit("" if not same or value is None else str(value))
    edit.setObjectName(name)
    if not same:
        edit.setPlaceholderText(MIXED)
    elif spec.type == "group" and len(pieces) == 1:
        edit.setPlaceholderText(f"{pieces[0].id} (its own)")
    edit.setToolTip(spec.help)
    edit.editingFinished.connect(lambda: changed(edit.text().strip() or None))
    return edit


def _computed_bool(name, spec, same, value, computed, changed) -> QComboBox:
    c_same, c_val = _common([c.value for c in computed])
    why = computed[0].why if c_same and len(computed) == 1 else ""
    rules_text = f"as the rules: {'yes' if c_val else 'no'}" if c_same else "as the rules"
    items: list[tuple[str, Any]] = [(rules_text, None)]
    if all(c.overridable for c in computed):
        items += [("no", False), ("yes", True)]
    shown = {True: "yes", False: "no"}.get(value, repr(value)) if isinstance(value, (bool, str)) else repr(value)
    return _pick(name, items, same, value, changed, why or spec.help, shown + " (the rules do not allow it)")


def _int(name, spec, same, value, computed, changed) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    lo = spec.min if spec.min is not None else 0
    hi = spec.max if spec.max is not None else 100000
    cs = [c for c in computed if c is not None]
    if spec.computed and cs:
        c_same, c_val = _common([c.value for c in cs])
        limits = [c.limit for c in cs if c.limit is not None]
        if limits:
            hi = max(lo, min([hi] + limits))
        spin.setRange(lo - 1, hi)
        spin.setSpecialValueText(f"{c_val} (as the rules)" if c_same else "as the rules")
        spin.setToolTip(cs[0].why if len(cs) == 1 else spec.help)
        spin.setEnabled(all(c.overridable for c in cs) or value is not None)
    else:
        spin.setRange(lo - 1, hi)
        spin.setSpecialValueText("(not set)")
        spin.setToolTip(spec.help)
    if same and isinstance(value, int) and not isinstance(value, bool):
        spin.setRange(min(spin.minimum(), value), max(spin.maximum(), value))
        spin.setValue(value)
    else:
        spin.setValue(spin.minimum())

    def done():
        v = spin.value()
        changed(None if v == spin.minimum() and v < lo else v)
    spin.editingFinished.connect(done)
    return spin


def form_field(spec, value: Any, changed: Changed) -> QWidget:
    """An editor for a scenario-level form field (victory, set-up); `changed(None)` removes the key."""
    name = f"form_{spec.id}"
    default = spec.default
    if spec.type == "choice":
        dtext = f"(default: {spec.labels[list(spec.choices).index(default)] if spec.labels and default in spec.choices else default})"
        items = [(dtext, None)] if not spec.option else []
        items += [(spec.labels[i] if spec.labels else str(ch), ch) for i, ch in enumerate(spec.choices)]
        if value is None and spec.option:
            value = default  # an option not set reads as its default
        box = _pick(name, items, True, value, changed, spec.help, "{!r} (not a choice)")
        if box.currentIndex() < 0:
            box.setCurrentIndex(0)
        return box
    if spec.type == "bool":
        box = QCheckBox()
        box.setObjectName(name)
        box.setChecked(bool(default if value is None else value))
        box.toggled.connect(lambda on: changed(bool(on)))
        box.setToolTip(spec.help)
        return box
    if spec.type == "int":
        spin = QSpinBox()
        spin.setObjectName(name)
        lo = spec.min if spec.min is not None else -100000
        hi = spec.max if spec.max is not None else 100000
        optional = not spec.option
        spin.setRange(lo - 1 if optional else lo, hi)
        if optional:
            spin.setSpecialValueText(f"(default: {default})" if default is not None else "(not set)")
        shown = value if isinstance(value, int) and not isinstance(value, bool) else (default if spec.option else None)
        spin.setValue(spin.minimum() if shown is None else max(spin.minimum(), min(hi, int(shown))))
        spin.setToolTip(spec.help)
        spin.editingFinished.connect(
            lambda: changed(None if optional and spin.value() == spin.minimum() else spin.value()))
        return spin
    edit = QLineEdit("" if value is None else str(value))
    edit.setObjectName(name)
    edit.setToolTip(spec.help)
    edit.editingFinished.connect(lambda: changed(edit.text() or None))
    return edit
