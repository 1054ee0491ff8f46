"""Saving never leaves a half-written scenario behind."""
import os

import pytest

from motu.engine.io import atomic
from motu.engine.io.native import load_path
from motu.engine.io.registry import load_scenario, save_scenario


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


def _leftover(tmp_path, name, age_s):
    stale = tmp_path / f".~{name}.abc123.tmp"
    stale.write_text("half a file")
    then = os.path.getmtime(stale) - age_s
    os.utime(stale, (then, then))
    return stale


def test_a_killed_saves_leftover_is_removed_by_the_next_save(tmp_path, example_hex):
    stale = _leftover(tmp_path, "s.yaml", 3600)
    other = _leftover(tmp_path, "other.yaml", 3600)
    save_scenario(example_hex, str(tmp_path / "s.yaml"))
    assert not stale.exists(), "the leftover of this target goes"
    assert other.exists(), "another target's is left alone"


def test_a_save_under_way_keeps_its_temporary_file(tmp_path):
    target = str(tmp_path / "s.yaml")
    with atomic.atomic_path(target) as tmp:  # a save holding its lock
        old = os.path.getmtime(tmp) - 3600
        os.utime(tmp, (old, old))
        assert atomic.remove_leftovers(target) == []
        assert os.path.exists(tmp)
    fresh = _leftover(tmp_path, "s.yaml", 0)
    assert atomic.remove_leftovers(target) == [], "one just made may be a save that has not locked it yet"
    assert fresh.exists()


def test_a_symlinked_target_is_written_through_the_link(tmp_path, example_hex):
    real = tmp_path / "real.yaml"
    real.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    save_scenario(example_hex, str(link))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_scenario(str(real)) == example_hex
