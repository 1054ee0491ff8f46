"""A Dask cluster sends back data only: a crafted object from a worker is refused, never built."""
import json
import os
import socket
import subprocess
import sys
import time

import pytest

from motu.engine.session import cluster
from motu.engine.session.batch import BatchSpec, GameResult, play_json, play_one

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TIKI = os.path.join(ROOT, "motu", "resources", "rulesets", "tiki", "board.yaml")
PY = sys.executable

# A worker's preload that answers every game with an object whose unpickling creates a file:
# as a returned object, as a raised exception, and as a message Dask unpickles whatever its serializers.
EVIL = '''
import os
MARKER = os.environ["MOTU_TEST_MARKER"]
MODE = os.environ["MOTU_TEST_MODE"]

# Unpickled, it writes the id of the process that unpickled it (Dask's worker tries its own
# exceptions before sending them: that one is the worker's, not the designer's).
COMMAND = f"echo $PPID >> {MARKER}"

class Evil:
    def __reduce__(self):
        return (os.system, (COMMAND,))

class EvilError(Exception):
    def __reduce__(self):
        return (os.system, (COMMAND,))

def dask_setup(worker):
    if MODE == "honest":
        return
    import motu.engine.session.batch as batch
    from distributed.protocol.serialize import ToPickle

    def crafted(*args, **kwargs):
        if MODE == "raise":
            raise EvilError("x")
        if MODE == "topickle":
            return ToPickle(Evil())
        if MODE == "lie":
            return '{"game": 0, "returns": "all of them"}'
        return Evil()
    batch.play_json = crafted
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def hostile_cluster(tmp_path, request):
    pytest.importorskip("distributed")
    (tmp_path / "evil_preload.py").write_text(EVIL)
    marker = tmp_path / "marker"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([ROOT, str(tmp_path)]), "MOTU_TEST_MARKER": str(marker),
           "MOTU_TEST_MODE": request.param}
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([PY, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        procs.append(subprocess.Popen([PY, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                                       "--no-nanny", "--no-dashboard", "--preload", "evil_preload"],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 60
        while time.time() < deadline:  # the worker registered: it can take games
            from distributed import Client
            try:
                with Client(address, timeout=5) as c:
                    if c.scheduler_info()["workers"]:
                        break
            except OSError:
                pass
            time.sleep(0.5)
        else:
            pytest.fail("the test cluster did not start")
        yield address, marker, env
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.mark.parametrize("hostile_cluster", ["object", "raise", "topickle", "lie"], indirect=True)
def test_motu_play_refuses_what_a_hostile_worker_returns_without_running_it(hostile_cluster):
    address, marker, env = hostile_cluster
    motu = subprocess.Popen([PY, "-m", "motu", "play", TIKI, "--games", "2", "--workers", "1", "--scheduler", address],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    out, err = motu.communicate(timeout=120)
    assert motu.returncode == 2, err
    ran_in = marker.read_text().split() if marker.exists() else []
    assert str(motu.pid) not in ran_in  # the crafted object was never built on the designer's side
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cluster" in lines[0], repr(err)
    assert "Traceback" not in err


@pytest.mark.parametrize("hostile_cluster", ["honest"], indirect=True)
def test_an_honest_cluster_on_this_machine_plays_the_same_games_as_local_processes(hostile_cluster):
    address, marker, env = hostile_cluster
    args = [PY, "-m", "motu", "play", TIKI, "--games", "3", "--seed", "4", "--workers", "1", "--json"]
    remote = subprocess.run(args + ["--scheduler", address], env=env, capture_output=True, text=True, timeout=120,
                            cwd=ROOT)
    local = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout)["results"] == json.loads(local.stdout)["results"]


@pytest.mark.parametrize("address, says", [
    ("", "the address is empty"),
    ("   ", "the address is empty"),
    ("tcp://192.0.2.7:8786", "tls:// only"),
    ("192.0.2.7:8786", "tls:// only"),
    ("tcp://scheduler.example.org:8786", "tls:// only"),
    ("tls://192.0.2.7:8786", "needs certificates"),
    ("ws://127.0.0.1:8786", "not ws://"),
    ("inproc://x", "not inproc://"),
])
def test_an_address_off_this_machine_needs_tls_and_its_files(address, says):
    with pytest.raises(cluster.ClusterError, match=says):
        cluster.check_address(address, tls_configured=False)


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "localhost:8786", "tcp://[::1]:8786", "127.0.0.5:1"])
def test_this_machine_is_reached_over_tcp(address):
    cluster.check_address(address, tls_configured=False)


def test_tls_with_its_files_is_accepted_for_another_machine():
    cluster.check_address("tls://192.0.2.7:8786", tls_configured=True)


def test_an_empty_scheduler_is_refused_by_motu_play(capsys):
    from motu.cli import main

    assert main(["play", TIKI, "--games", "1", "--scheduler", ""]) == 2
    assert "the address is empty" in capsys.readouterr().err


def test_the_data_only_unpickler_builds_data_and_refuses_any_callable():
    import pickle

    data = {"a": [1, 2.5, "x", None, True], "b": (b"raw", frozenset({1}))}
    assert cluster.data_only_loads(pickle.dumps(data)) == data

    class Boom:
        def __reduce__(self):
            return (os.system, ("true",))

    with pytest.raises(pickle.UnpicklingError, match="posix.system|os.system|nt.system"):
        cluster.data_only_loads(pickle.dumps(Boom()))


def test_a_result_is_parsed_and_checked_against_the_schema():
    spec = BatchSpec(open(TIKI).read(), ("random", "random"), seed=3)
    text = play_json(spec, 1)
    assert GameResult.from_json(cluster.parse_result(text, spec, 1)) == play_one(spec, 1)
    with pytest.raises(cluster.ClusterError, match="another game"):
        cluster.parse_result(text, spec, 2)
    for bad in ('{"game": 1}', "[" * 100_000, "1e999", 42):
        with pytest.raises(cluster.ClusterError):
            cluster.parse_result(bad, spec, 1)
