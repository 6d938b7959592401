"""Ctrl-C that lands where Python cannot raise it (a ``__del__``, a weak reference's callback such as
the import system's module-lock clean-up, seen in a CI run of ``stats`` at its start): no traceback
reaches the user, the interrupt is remembered and raised at the next check, and every other such
error is still reported by Python's own hook."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import ROOT

PROGRAM = """
import os, signal
from events import interrupts
interrupts.watch()
class Dying:
    def __del__(self):
        {inside}
Dying()
print("seen" if interrupts.seen() else "not seen")
try:
    interrupts.check()
except KeyboardInterrupt:
    print("raised at the check")
"""


CTRL_C = "os.kill(os.getpid(), signal.SIGINT); [n for n in range(1000)]"  # the handler runs inside __del__


def _run(inside: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROGRAM.format(inside=inside)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)  # fmt: skip


def test_an_interrupt_inside_a_finalizer_is_silent_remembered_and_raised_at_the_next_check() -> None:
    done = _run(CTRL_C)
    assert done.stderr == ""
    assert done.stdout.splitlines() == ["seen", "raised at the check"]


def test_another_error_inside_a_finalizer_is_still_reported_by_python() -> None:
    done = _run("raise ValueError('a bug of its own')")
    assert "ValueError: a bug of its own" in done.stderr
    assert done.stdout.splitlines() == ["not seen"]


def test_an_interrupt_says_what_the_command_stored_before_it() -> None:
    """Nothing, one event, several: each said as it stands. Plant: "nothing more was recorded" after a
    stored seating (read as nothing stored); "the 1 event ... stand"."""
    from events import interrupts

    put_back = interrupts.watch()  # counts from zero, as a command's run does
    try:
        assert interrupts.said() == "interrupted; nothing was recorded"
        interrupts.recorded(1)
        assert (
            interrupts.said() == "interrupted; the 1 event recorded before it stands, and nothing after it was recorded"
        )
        interrupts.recorded(2)
        assert interrupts.said() == (
            "interrupted; the 3 events recorded before it stand, and nothing after them was recorded"
        )
    finally:
        put_back()
        interrupts.watch()()  # the count back to zero for whatever runs next in this process
