"""The worker processes of ``import --jobs N``: each reads, folds and prices whole files and sends
back their games; the importing process stores them in the order of the files.

Each worker runs in a session of its own, so a terminal's Ctrl-C (sent to the foreground process
group) reaches the importing process alone: it stops the workers itself (they hold nothing
worth keeping) and says in one line what the import leaves. A worker also ends when the importing
process goes away: its task pipe closes, and the kernel kills it when its parent dies.

The protocol is private to this module: a task is a line of JSON (the file and its format) on the
worker's stdin; an answer is an 8-byte length and a pickle of the file's games on its stdout, in
the order the tasks were sent. Pickles cross only between this process and the workers it started.
"""

from __future__ import annotations

import json
import os
import pickle
import pkgutil
import queue
import signal
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from events.interrupts import held

_HEADER = struct.Struct("!Q")
_AHEAD = 2  # tasks a worker holds at once: the next file is there the moment one is sent back
_FAILED = b"F"  # an answer's first byte: the task raised (a bug); its text follows
_DONE = b"D"


class WorkerDied(Exception):
    """A worker process stopped before answering (killed, or out of memory): ``file`` it was reading."""

    def __init__(self, file: Path | None) -> None:
        super().__init__(file)
        self.file = file


class WorkerFailed(Exception):
    """A worker's task raised: a bug in reading ``file``, said with the worker's own words."""


@dataclass
class _Worker:
    process: subprocess.Popen[bytes]
    sent: deque[int] = field(default_factory=deque)  # the tasks given and not yet answered, oldest first


def _worker_command() -> list[str]:
    return [sys.executable, "-c", "from replay.infra.import_workers import serve; serve()"]


class WorkerPool:
    """``jobs`` worker processes running ``task`` (a module-level function of this package, given by
    its dotted name) over files; ``results`` yields each file's answer in the order of the files."""

    def __init__(self, jobs: int, task: str) -> None:
        self.jobs = jobs
        self.task = task
        self.workers: list[_Worker] = []
        self.answers: queue.Queue[tuple[_Worker, bytes | None]] = queue.Queue()

    def __enter__(self) -> WorkerPool:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)  # the modules this process runs
        env["TAIKYOKU_WORKER_PARENT"] = str(os.getpid())
        with held():  # a worker is started whole, and known, or not at all
            for _ in range(self.jobs):
                process = subprocess.Popen(
                    [*_worker_command(), self.task],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,  # a worker's trouble is said by this process, in one line
                    env=env,
                    start_new_session=True,  # out of the terminal's process group: Ctrl-C is ours to handle
                )
                worker = _Worker(process)
                self.workers.append(worker)
                threading.Thread(target=self._listen, args=(worker,), daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        with held():  # stopped whole even if Ctrl-C comes again
            stopping = exc[0] is not None
            for worker in self.workers:
                if stopping:
                    worker.process.kill()
                else:
                    _close(worker.process.stdin)
            for worker in self.workers:
                try:
                    worker.process.wait(timeout=None if stopping else 10)
                except subprocess.TimeoutExpired:
                    worker.process.kill()
                    worker.process.wait()
                _close(worker.process.stdout)
                _close(worker.process.stdin)

    def _listen(self, worker: _Worker) -> None:
        """Each answer of one worker as it comes (its pipe never fills while this process stores)."""
        stream = worker.process.stdout
        assert stream is not None
        while True:
            header = _read_exactly(stream, _HEADER.size)
            body = _read_exactly(stream, _HEADER.unpack(header)[0]) if header is not None else None
            self.answers.put((worker, body))
            if body is None:
                return

    def results(self, files: Sequence[Path], arguments: Callable[[Path], list[Any]]) -> Iterator[tuple[Path, Any]]:
        """Each file with its answer, in the order of ``files``; ``arguments`` gives a file's task arguments
        (JSON values). Raises WorkerDied when a worker stops, WorkerFailed when a task raised."""
        following = 0  # the next file to give out
        answered: dict[int, Any] = {}
        limit = 4 * self.jobs  # files given out or answered and not yet yielded: memory stays bounded

        def give(worker: _Worker) -> None:
            nonlocal following
            while len(worker.sent) < _AHEAD and following < len(files) and following - wanted < limit:
                line = json.dumps([str(files[following]), *arguments(files[following])]) + "\n"
                stdin = worker.process.stdin
                assert stdin is not None
                try:
                    stdin.write(line.encode())
                    stdin.flush()
                except OSError:
                    return  # it died: its listener says so
                worker.sent.append(following)
                following += 1

        wanted = 0
        for worker in self.workers:
            give(worker)
        while wanted < len(files):
            while wanted not in answered:
                worker, body = self.answers.get()
                if body is None:
                    raise WorkerDied(files[worker.sent[0]] if worker.sent else None)
                index = worker.sent.popleft()
                if body[:1] == _FAILED:
                    raise WorkerFailed(f"{files[index].name}: {body[1:].decode(errors='replace')}")
                answered[index] = pickle.loads(body[1:])
                give(worker)
            answer = answered.pop(wanted)
            wanted += 1
            for worker in self.workers:
                give(worker)
            yield files[wanted - 1], answer


def _read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def _close(stream: IO[bytes] | None) -> None:
    if stream is not None:
        with suppress(OSError):  # a worker gone: nothing was left to send it
            stream.close()


def serve() -> None:
    """A worker's life: run the task named on the command line for each line on stdin, answer on stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the importing process decides when a worker stops
    _die_with_parent()
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # nothing printed by accident can break an answer
    task = pkgutil.resolve_name(sys.argv[1])  # the dotted name the importing process gave
    for line in sys.stdin.buffer:
        path, *arguments = json.loads(line)
        try:
            body = _DONE + pickle.dumps(task(Path(path), *arguments), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # a bug: the importing process says it in one line
            body = _FAILED + f"{type(exc).__name__}: {exc}".encode()
        try:
            answers.write(_HEADER.pack(len(body)) + body)
            answers.flush()
        except BrokenPipeError:
            return  # the importing process is gone


def _die_with_parent() -> None:
    """Linux: the kernel kills this worker when the importing process dies, even by kill -9."""
    parent = os.environ.get("TAIKYOKU_WORKER_PARENT")
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return  # another system: the closed task pipe ends the worker instead
    if parent is not None and os.getppid() != int(parent):
        os._exit(0)  # the parent died before the request was made
