"""Ctrl-C, as every layer of one process sees it: raised as ``KeyboardInterrupt`` and remembered
(``seen``, ``check``: some libraries turn an interrupt raised inside them into an error of their
own), and held off while a step that must finish whole runs (a game stored and counted, workers
stopped): the step finishes, then the interrupt is raised where it would have been. Python runs
signal handlers in the main thread only; elsewhere this holds nothing. No I/O."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

_seen = False
_recorded = 0  # events this command has stored (committed) so far


def interrupt(signum: int, frame: FrameType | None) -> None:
    """The taikyoku command's Ctrl-C: raised as ``KeyboardInterrupt``, and remembered, since some
    libraries turn an interrupt raised inside them into an error of their own."""
    global _seen
    _seen = True
    raise KeyboardInterrupt


def seen() -> bool:
    """Whether the command was interrupted (whatever the error that came out of it says)."""
    return _seen


def _unraisable_hook(previous: Callable[[sys.UnraisableHookArgs], object]) -> Callable[[sys.UnraisableHookArgs], None]:
    """Python's hook for exceptions raised where nothing can catch them (a weak reference's callback,
    such as the import system's lock clean-up, or a ``__del__``), made silent for our interrupt: it
    would print a traceback and go on. The interrupt is remembered (``seen``) and raised again at the
    next ``check``; every other exception goes to the hook that was there."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _seen:
            return
        previous(unraisable)

    return hook


def recorded(count: int) -> None:
    """``count`` events were just stored, for good: an interrupt after them says they stand."""
    global _recorded
    _recorded += count


def said() -> str:
    """What an interrupt of this command says of the store: whether anything it stored stands."""
    if not _recorded:
        return "interrupted; nothing was recorded"
    if _recorded == 1:
        return "interrupted; the 1 event recorded before it stands, and nothing after it was recorded"
    return f"interrupted; the {_recorded} events recorded before it stand, and nothing after them was recorded"


def watch() -> Callable[[], None]:
    """Ctrl-C raised as ``KeyboardInterrupt`` and remembered (``seen``) from now on, in the main
    thread; the function returned puts back what was there before."""
    global _seen, _recorded
    _seen, _recorded = False, 0
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = signal.getsignal(signal.SIGINT)
    previous_hook = sys.unraisablehook
    signal.signal(signal.SIGINT, interrupt)
    sys.unraisablehook = _unraisable_hook(previous_hook)

    def put_back() -> None:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = previous_hook

    return put_back


def check() -> None:
    """Raises the interrupt now if one came and something swallowed it on its way (a library that
    made it an error of its own, which was then handled as that error)."""
    if _seen:
        raise KeyboardInterrupt


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
