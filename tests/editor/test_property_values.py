"""A value typed in the Properties dock is read as the scenario reader reads the file it is saved
to: what the dock accepts, the file reads back; nothing typed raises, and no control character
gets into the scenario."""
from __future__ import annotations

import pytest

from motu.editor.docks.properties import _parse_value
from motu.engine.io.bounded import CONTROL_IN_TEXT


@pytest.mark.parametrize("typed, value", [("2", 2), ("-3.5", -3.5), ("true", True), ("", None), ("jungle", "jungle"),
                                          ("yes", "yes"), ("0404", "0404")])
def test_plain_values_are_read_as_yaml_1_2_reads_them(typed, value):
    assert _parse_value(typed) == value


@pytest.mark.parametrize("typed", ["!!bool maybe", "!!int ''", "!!float ''", "1e20", '"\\e]0;PWNED\\a"', '"\\x9b"',
                                   "a\x1b[2Jb", "bell\x07", "&a [1]"])
def test_what_the_reader_refuses_stays_text_without_control_characters(typed):
    value = _parse_value(typed)
    assert isinstance(value, str) and not CONTROL_IN_TEXT.search(value)
