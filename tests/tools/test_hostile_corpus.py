"""The hostile corpus (tools/hostile_corpus.py): every input refused with exit 2 and one line
naming the file and the place, within 1 s and 200 MB, never a traceback; and the good files
that look hostile (byte-order marks, whole-number floats, Motu's own exports) load."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import subprocess
import sys
import time
import tracemalloc

import pytest

from motu.engine.io.errors import LoadError
from motu.engine.session.session import read_record
from motu.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("hostile_corpus", os.path.join(ROOT, "tools", "hostile_corpus.py"))
corpus = importlib.util.module_from_spec(_spec)
sys.modules["hostile_corpus"] = corpus  # its dataclass looks itself up there
_spec.loader.exec_module(corpus)

MAX_S, MAX_MB = 1.0, 200


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    main(["validate", os.path.join(ROOT, "scenarios", "example-hex.yaml")])  # imports done before the clock starts
    return {c.name: c for c in corpus.build(str(folder))}


def refuse(case) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        if case.argv:
            code = main(corpus.command(case))
        else:
            try:
                read_record(case.file)
                code = 0
            except LoadError as exc:
                print(f"motu: {exc}", file=sys.stderr)
                code = 2
    return code, err.getvalue()


def test_the_corpus_covers_every_reader(cases):
    kinds = {name.split("/")[0] for name in cases}
    assert kinds == {"yaml", "tiled", "geojson", "record", "cli", "good"}
    assert len(cases) >= 60
    for word in ("bomb", "traversal", "deep", "huge", "utf8", "fifo", "nan", "wrong"):
        assert any(word in name for name in cases), word


def test_every_hostile_input_is_refused_in_one_line_within_budget(cases):
    bad = []
    for case in cases.values():
        tracemalloc.start()
        start = time.perf_counter()
        code, err = refuse(case)
        seconds = time.perf_counter() - start
        peak_mb = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        message = err.strip()
        if case.loads:
            if code != 0 or "Traceback" in err:
                bad.append(f"{case.name}: exit {code} (a good file must load): {message[:200]}")
            continue
        head = f"motu: {case.named}"
        ok = (code == 2 and "\n" not in message and message.startswith(head) and "Traceback" not in err
              and (case.place is None or re.match(re.escape(head) + case.place, message))
              and seconds < MAX_S and peak_mb < MAX_MB)
        if not ok:
            bad.append(f"{case.name}: exit {code}, {seconds:.2f} s, {peak_mb:.0f} MB: {err.strip()[:200]}")
    assert not bad, "\n".join(bad)


# The child reports its own peak (VmHWM: the high-water mark of this program, not of the fork).
_RUN = ("import sys; from motu.cli import main; code = main(sys.argv[2:]); "
        "hwm = [line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')]; "
        "open(sys.argv[1], 'w').write(hwm[0] if hwm else '0'); sys.exit(code)")


@pytest.mark.parametrize("name", ["yaml/alias-bomb", "tiled/zlib-bomb.tmx", "yaml/fifo", "tiled/deep-json.json",
                                  "geojson/nan"])
def test_the_real_command_exits_2_with_one_line(cases, name, tmp_path):
    case = cases[name]
    peak = tmp_path / "peak"
    r = subprocess.run([sys.executable, "-c", _RUN, str(peak), *corpus.command(case)], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(f"motu: {case.named}")
    if os.path.exists("/proc/self/status"):
        assert int(peak.read_text()) / 1024 < MAX_MB
