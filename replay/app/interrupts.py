"""Ctrl-C held off while a step that must finish whole runs (a game stored and counted, workers
stopped): the step finishes, then the interrupt is raised as ``KeyboardInterrupt`` where it would
have been. Python runs signal handlers in the main thread only; elsewhere this holds nothing."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_seen = False


def interrupt(signum: int, frame: FrameType | None) -> None:
    """The taikyoku command's Ctrl-C: raised as ``KeyboardInterrupt``, and remembered, since some
    libraries turn an interrupt raised inside them into an error of their own."""
    global _seen
    _seen = True
    raise KeyboardInterrupt


def seen() -> bool:
    """Whether the command was interrupted (whatever the error that came out of it says)."""
    return _seen


class _Holder:
    """The handler in place while a step is held: it notes the interrupt instead of raising it."""

    def __init__(self) -> None:
        self.interrupted = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.interrupted = True


@contextmanager
def held() -> Iterator[None]:
    """Run the block whole even if Ctrl-C comes: the interrupt is raised when it ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if isinstance(previous, _Holder) or previous in (signal.SIG_IGN, None):
        yield  # held already by an outer step (it raises at its end), or ignored
        return
    holder = _Holder()
    signal.signal(signal.SIGINT, holder)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if holder.interrupted and previous is not signal.SIG_DFL:
            raise KeyboardInterrupt
