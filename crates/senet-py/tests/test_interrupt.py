"""Ctrl-C in a long call raises ``KeyboardInterrupt`` at once: SIGINT is
sent to the process while the call runs, and the call must give up
within a second, with that exception (not ``PanicException``)."""

import os
import subprocess
import time

import pytest

import senet
from senet.distributed import duel, study

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")


def interrupted(call):
    """Seconds `call` ran on after SIGINT came, 0.3 s after it began. The
    signal comes from another process, as a terminal's Ctrl-C does, so
    that it needs nothing of this interpreter (not even the GIL)."""
    killer = subprocess.Popen(["sh", "-c", f"sleep 0.3; kill -INT {os.getpid()}"])
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        killer.wait()
    return time.monotonic() - started - 0.3


@pytest.mark.parametrize(
    "call",
    [
        lambda: senet.playouts("kendall", 50_000_000, 1),
        lambda: senet.Batch("kendall", 1_000_000, 1, opponent=1),
        lambda: senet.Table.solve("kendall", 3),
        lambda: study("kendall", games=10**8, part=10**8),
        lambda: duel("kendall", 5, 5, pairs=10**6, part=10**6),
    ],
    ids=["playouts", "batch", "table-solve", "study", "duel"],
)
def test_ctrl_c_stops_a_long_call_at_once(call):
    assert interrupted(call) < 1.0
