"""Garbage collection on the GUI thread only (motu/editor/collector.py): however much a worker thread
allocates, Python's collector runs on the GUI thread, from the collector's timer."""
import gc
import threading
import weakref

from PySide6.QtWidgets import QApplication

from motu.editor.collector import collect_on_gui_thread, uninstall


class _Cycle:
    def __init__(self, log):
        self.me = self
        self.log = log

    def __del__(self):
        self.log.append(threading.get_ident())


def test_collections_run_on_the_gui_thread_not_on_a_busy_worker(qtbot):
    app = QApplication.instance()
    uninstall()  # a collector another test left would not be this test's
    collector = collect_on_gui_thread(app)
    threads: list[int] = []

    def seen(phase, info):
        if phase == "start":
            threads.append(threading.get_ident())

    gc.callbacks.append(seen)
    try:
        assert not gc.isenabled()
        log: list[int] = []
        probe = _Cycle(log)
        alive = weakref.ref(probe)
        del probe  # only the cycle holds it now

        def churn():  # the Problems check, a bot: a thread that allocates a great deal
            junk = [[i] for i in range(50_000)]  # far past every threshold: Python would collect here
            assert len(junk) == 50_000

        worker = threading.Thread(target=churn)
        worker.start()
        worker.join()
        assert threads == [] and log == [] and alive() is not None  # the worker collected nothing
        held = [[i] for i in range(2 * gc.get_threshold()[0])]  # the GUI thread's own work since
        assert gc.get_count()[0] > gc.get_threshold()[0]
        # Only the GUI thread runs now: the timer's collection brings the count under its threshold.
        qtbot.waitUntil(lambda: gc.get_count()[0] < gc.get_threshold()[0], timeout=5000)
        assert set(threads) <= {threading.get_ident()}
        assert len(held) > 0
    finally:
        gc.callbacks.remove(seen)
        uninstall()
    assert gc.isenabled() == collector.was_enabled
