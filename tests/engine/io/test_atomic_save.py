"""Saving never leaves a half-written scenario behind."""
import os

import pytest

from engine.io import atomic
from engine.io.native import load_path
from engine.io.registry import load_scenario, save_scenario


def test_save_then_load(tmp_path, example_hex):
    p = tmp_path / "s.yaml"
    save_scenario(example_hex, str(p))
    assert load_scenario(str(p)) == example_hex


def test_a_crash_mid_save_keeps_the_old_file(tmp_path, example_hex, monkeypatch):
    p = tmp_path / "s.yaml"
    save_scenario(example_hex, str(p))
    before = p.read_bytes()
    example_hex.title = "changed"

    def crash(src, dst):
        raise OSError("disk gone")

    monkeypatch.setattr(atomic.os, "replace", crash)
    with pytest.raises(OSError):
        save_scenario(example_hex, str(p))
    assert p.read_bytes() == before
    assert os.listdir(tmp_path) == ["s.yaml"], "the temporary file is cleaned up"


def test_a_crash_while_writing_keeps_the_old_file(tmp_path, example_hex, monkeypatch):
    p = tmp_path / "s.yaml"
    save_scenario(example_hex, str(p))
    before = p.read_bytes()

    def boom(fd):
        raise OSError("fsync failed")

    monkeypatch.setattr(atomic.os, "fsync", boom)
    with pytest.raises(OSError):
        save_scenario(example_hex, str(p))
    assert p.read_bytes() == before
    assert load_path(str(p)) is not None
    assert os.listdir(tmp_path) == ["s.yaml"]


def test_the_temporary_file_is_written_beside_the_target(tmp_path, monkeypatch):
    seen = []
    real = atomic.os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), os.path.dirname(dst)))
        real(src, dst)

    monkeypatch.setattr(atomic.os, "replace", spy)
    atomic.write_atomic(str(tmp_path / "x.yaml"), "a: 1\n")
    assert seen == [(str(tmp_path), str(tmp_path))]
