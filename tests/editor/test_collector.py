"""Garbage collection on the GUI thread only (editor/collector.py): a cycle the GUI thread leaves
behind is collected there, however much a worker thread allocates meanwhile."""
import gc
import threading
import weakref

from PySide6.QtWidgets import QApplication

from editor.collector import collect_on_gui_thread, uninstall


class _Cycle:
    def __init__(self, log):
        self.me = self
        self.log = log

    def __del__(self):
        self.log.append(threading.get_ident())


def test_cycles_are_collected_on_the_gui_thread_not_on_a_busy_worker(qtbot):
    app = QApplication.instance()
    collector = collect_on_gui_thread(app)
    try:
        assert not gc.isenabled()
        log: list[int] = []
        probe = _Cycle(log)
        alive = weakref.ref(probe)
        del probe  # only the cycle holds it now

        def churn():  # the Problems check, a bot: a thread that allocates a great deal
            junk = [[i] for i in range(50_000)]  # far past every threshold: Python would have collected here
            assert len(junk) == 50_000

        worker = threading.Thread(target=churn)
        worker.start()
        worker.join()
        assert log == [] and alive() is not None  # the worker's allocations collected nothing
        held = [[i] for i in range(2 * gc.get_threshold()[0])]  # the GUI thread's own work since
        qtbot.waitUntil(lambda: alive() is None, timeout=5000)  # the timer on the GUI thread did
        assert log == [threading.get_ident()]
        assert len(held) > 0
    finally:
        uninstall()
    assert gc.isenabled() == collector.was_enabled
