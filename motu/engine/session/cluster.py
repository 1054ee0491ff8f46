"""Games on a Dask cluster (the optional extra motu[cluster]), trusting the cluster with nothing but data.

Scope: which scheduler addresses are accepted, connecting to one, and playing a batch's games
there. The designer's machine sends the cluster code (the task, pickled by Dask); nothing that
comes back is ever run: each game's result comes back as JSON text, parsed by the bounded JSON
reader and checked against results.schema.json. The client accepts msgpack only
(deserializers=["msgpack"]); Dask still unpickles some things whatever that list says (ToPickle
frames, a failed task's exception, warnings), so while a client is open every unpickling Dask
would do on this side goes through an unpickler that builds plain data only (strings, numbers,
lists, dicts) and refuses any class or function by name. A game the cluster cannot or will not
play, or anything refused, ends the run in one line.

An address other than this machine's (127.0.0.0/8, ::1, localhost) must be `tls://`, with Dask's
TLS files set (its `distributed.comm.tls` configuration): a plain `tcp://` link can be read and
answered by anyone between the two machines.
"""
from __future__ import annotations

import builtins
import io
import logging
import ipaddress
import pickle
import types
from typing import Any, Callable, Sequence

from motu.engine.io.bounded import load_json
from motu.engine.io.errors import LoadError
from motu.engine.io.schema_check import check

SCHEMA = "results.schema.json"
CONNECT_TIMEOUT = 5  # seconds to reach a scheduler before saying it cannot be reached
POLL = 0.5  # seconds between looks at what the client refused while waiting for results
TLS_HOW = ("set Dask's TLS files (distributed.comm.tls.ca-file, client.cert, client.key in "
           "~/.config/dask/distributed.yaml, or DASK_DISTRIBUTED__COMM__TLS__CA_FILE and the like)")


class ClusterError(RuntimeError):
    """A scheduler address refused, a cluster that cannot be reached, or an answer that is not a game's result."""


def _host(address: str) -> tuple[str, str]:
    """(scheme, host) of a Dask address: tcp://h:p, tls://h:p, h:p (tcp), [::1]:p."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    host = rest.rsplit("@", 1)[-1]
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return scheme.lower(), host.split("/", 1)[0]


def is_loopback(host: str) -> bool:
    if host.lower() in ("localhost", "localhost.", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: not resolved, since what it names can change


def check_address(address: str, tls_configured: bool) -> None:
    """Refuse, in one line, an address Motu will not send games to (ClusterError)."""
    if not address.strip():
        raise ClusterError("--scheduler: the address is empty; give one such as tcp://127.0.0.1:8786 "
                           "(this machine) or tls://host:8786")
    scheme, host = _host(address.strip())
    if scheme not in ("tcp", "tls"):
        raise ClusterError(f"--scheduler {address}: Motu connects over tcp:// (this machine only) or tls://, "
                           f"not {scheme}://")
    if not host:
        raise ClusterError(f"--scheduler {address}: no host in the address")
    if is_loopback(host):
        if scheme == "tls" and not tls_configured:
            raise ClusterError(f"--scheduler {address}: tls:// needs certificates: {TLS_HOW}")
        return
    if scheme != "tls":
        raise ClusterError(f"--scheduler {address}: another machine is reached over tls:// only "
                           f"(tls://{host}:8786), and {TLS_HOW}")
    if not tls_configured:
        raise ClusterError(f"--scheduler {address}: tls:// needs certificates: {TLS_HOW}")


# --- unpickling only data ---------------------------------------------------------------------
# Dask names the type of plain bytes and text it sends; building these runs nothing of the sender's.
_DATA_TYPES = frozenset({"bytes", "bytearray", "str", "int", "float", "bool", "tuple", "list", "dict", "set",
                         "frozenset"})
refused: list[str] = []  # what the cluster sent that was not data, since the client was opened


class _DataOnly(pickle.Unpickler):
    """An unpickler that builds strings, bytes, numbers, lists, tuples, dicts and sets, and
    refuses every other class and every function (the only way a pickle runs code is by naming one)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _DATA_TYPES:
            return getattr(builtins, name)
        what = f"{module}.{name}"[:80]
        refused.append(what)
        raise pickle.UnpicklingError(f"the cluster sent an object ({what}); Motu takes only data from it")


def data_only_loads(data: Any, *, buffers: Sequence[Any] = ()) -> Any:
    return _DataOnly(io.BytesIO(bytes(data)), buffers=buffers).load()


_guard: list[tuple[Any, str, Any]] = []  # (module, attribute, what it was) while a client is open


def refuse_objects() -> None:
    """From now until allow_objects(), Dask in this process unpickles data only."""
    if _guard:
        return
    refused.clear()
    import distributed.client
    import distributed.protocol.pickle as dask_pickle

    shim = types.SimpleNamespace(**{k: getattr(pickle, k) for k in dir(pickle) if not k.startswith("__")})
    shim.loads = data_only_loads
    for module, name, new in ((dask_pickle, "loads", data_only_loads), (distributed.client, "pickle", shim)):
        _guard.append((module, name, getattr(module, name)))
        setattr(module, name, new)
    # Dask logs a refused message with a traceback of its own: Motu says it in one line instead.
    for name in ["distributed"] + [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]:
        quiet = logging.getLogger(name)
        _guard.append((quiet, "level", quiet.level))
        quiet.setLevel(logging.CRITICAL + 1)


def allow_objects() -> None:
    while _guard:
        module, name, old = _guard.pop()
        if isinstance(module, logging.Logger):
            module.setLevel(old)
        else:
            setattr(module, name, old)


def connect(address: str) -> Any:
    """A Dask client for `address`, refusing objects from the cluster; ClusterError in one line otherwise."""
    try:
        import dask
        from distributed import Client
        from distributed.security import Security
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install 'motu[cluster]'") from None
    tls = bool(dask.config.get("distributed.comm.tls.ca-file", None))
    check_address(address, tls)
    refuse_objects()
    try:
        return Client(address.strip(), timeout=CONNECT_TIMEOUT, security=Security() if tls else None,
                      deserializers=["msgpack"])
    except Exception as exc:  # noqa: BLE001 - Dask's many ways of not connecting (timeouts, bad addresses, refusals)
        allow_objects()
        reason = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise ClusterError(f"--scheduler {address}: cannot reach a Dask scheduler there within {CONNECT_TIMEOUT} s "
                           f"({reason})") from None


def close(client: Any) -> None:
    try:
        client.close(timeout=CONNECT_TIMEOUT)
    except Exception:  # noqa: BLE001 - a cluster that stopped answering: nothing left to close cleanly
        pass
    finally:
        allow_objects()


# --- the games ---------------------------------------------------------------------------------
def parse_result(text: Any, spec: Any, game: int) -> dict[str, Any]:
    """A worker's answer for game `game` (batch.play_json's text), as checked plain data;
    ClusterError when it is anything else."""
    where = f"the cluster's result for game {game}"
    if not isinstance(text, str):
        raise ClusterError(f"{where} is not JSON text but {type(text).__name__}; nothing it holds was used")
    try:
        doc = load_json(text, where, "result")
        check(SCHEMA, doc, where)
    except LoadError as exc:
        raise ClusterError(str(exc)) from None
    if "error" in doc:
        raise ClusterError(f"the cluster could not play game {game}: {doc['error']}")
    if doc["game"] != game or tuple(doc["bots"]) != tuple(spec.bots_for(game)):
        raise ClusterError(f"{where} is for another game (game {doc['game']}, bots {', '.join(doc['bots'])})")
    return doc


def _words(exc: BaseException) -> str:
    # Dask wraps a pickle it could not read as Exception(its bytes)
    if _guard and refused or any(isinstance(a, (bytes, bytearray)) for a in exc.args):
        return "it sent its error as an object, which Motu does not read"
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def play_on_dask(jobs: Sequence[tuple[Any, list[int]]], total: int, client: Any,
                 progress: Callable[[int, int], None] | None, task: Callable[[Any, int], str],
                 result: Callable[[dict[str, Any]], Any], interrupted: Callable[..., BaseException]) -> list[list[Any]]:
    """The batch's games on the cluster behind `client`, each played by `task` (batch.play_json)
    and made a result by `result` from its checked data: per job, its results in game order;
    Ctrl+C raises `interrupted(results so far, per job)`."""
    from distributed import wait

    out: list[list[Any]] = [[] for _ in jobs]
    futures: list = []
    try:
        which = {}
        for j, (spec, games) in enumerate(jobs):
            for fut, g in zip(client.map(task, [spec] * len(games), games, pure=False), games):
                which[fut.key] = (j, spec, g)
                futures.append(fut)
        done, pending = 0, list(futures)
        while pending:
            if _guard and refused:  # the client's reader stopped at it: no answer would come
                raise ClusterError(f"the cluster sent an object ({refused[0]}) where a game's result belongs; "
                                   f"Motu takes only data from a cluster, and nothing it sent was used")
            listener = getattr(client, "_handle_report_task", None)  # Dask's reader of the scheduler's messages
            if listener is not None and listener.done():  # it stopped (a message refused, the link gone)
                raise ClusterError("the cluster sent something Motu does not read, or stopped answering; "
                                   "nothing it sent was used")
            try:
                finished, left = wait(pending, timeout=POLL, return_when="FIRST_COMPLETED")
            except TimeoutError:
                continue
            pending = list(left)
            for fut in sorted(finished, key=lambda f: str(f.key)):
                j, spec, g = which[fut.key]
                try:
                    answer = fut.result()
                except Exception as exc:  # noqa: BLE001 - whatever Dask raises, shown as words, never re-raised
                    raise ClusterError(f"the cluster did not return game {g}: {_words(exc)}") from None
                out[j].append(result(parse_result(answer, spec, g)))
                done += 1
                if progress:
                    progress(done, total)
    except KeyboardInterrupt:
        client.cancel(futures)
        raise interrupted([r for rs in out for r in rs], out) from None
    except ClusterError:
        client.cancel(futures)
        raise
    return [sorted(rs, key=lambda r: r.game) for rs in out]
