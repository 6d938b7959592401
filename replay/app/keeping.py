"""The store's own use cases and exchange, as the application serves them: a match's stored
events, the count, abandoning a match, every check of the store (verify, the fingerprint and a
fingerprint checked), an export checked with no store; the exports, an import, a sync to another
store and a hand priced under other rulesets. ``Application`` takes them in
(``replay/app/application.py``), which wires the store, the locks and the listeners they use."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, BinaryIO

from events.errors import InputError
from store import Store, StoredEvent

if TYPE_CHECKING:
    from pathlib import Path

    from replay.app.importing import Progress
    from replay.app.results import ImportReport, SyncReport
    from replay.app.verifying import Against, Verified


class Keeping:
    """The store's own use cases and exchange (the application's, which wires what they use)."""

    if TYPE_CHECKING:  # the application's own, which every use case here stands on
        db: str

        def store(self) -> AbstractContextManager[Store]: ...

        def lock(self, match: str) -> threading.Lock: ...

        def _told(self, stored: Sequence[StoredEvent]) -> None: ...

    # ---- the store -------------------------------------------------------------------------------

    def events(self, match: str) -> list[StoredEvent]:
        """The match's stored events, as they are (`taikyoku log`)."""
        with self.store() as store:
            return list(store.read(match))

    def abandon(self, match: str, reason: str, *, recorded_by: str) -> StoredEvent:
        """End a mistaken or unfinished match: a match_ended event that says why; its events stay."""
        from replay.app.service import abandon

        with self.lock(match), self.store() as store:
            event = abandon(store, match, reason, recorded_by=recorded_by)
        self._told([event])
        return event

    def size(self, match: str | None = None) -> int:
        """How many events the store holds (or ``match``)."""
        with self.store() as store:
            return store.count() if match is None else store.head(match)

    def verify(
        self,
        match: str | None,
        *,
        schemas: bool,
        deep: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> Verified:
        """Every check of the store (or of one match in it): chains, heads, the file, the schemas, the
        kept rows' seals; ``deep`` folds every match again and compares its kept rows."""
        from replay.app.verifying import verify_store

        with self.store() as store:
            return verify_store(store, match, schemas=schemas, deep=deep, progress=progress)

    @staticmethod
    def verify_export(stream: BinaryIO, name: str) -> tuple[list[str], int, int]:
        """An export file checked one match at a time, with no store: (the problems, matches, events)."""
        from replay.app.verifying import verify_export

        return verify_export(stream, name)

    def heads(self) -> dict[str, Any]:
        """Each match's head, and the store's fingerprint to publish."""
        from replay.app.verifying import heads

        with self.store() as store:
            return heads(store)

    def verify_against(self, fingerprint: str, *, deep: bool = False) -> Against:
        """A fingerprint published earlier, checked: the events it covered are there unchanged."""
        from replay.app.verifying import verify_against

        with self.store() as store:
            return verify_against(store, fingerprint, deep=deep)

    def first_event(self, match: str) -> StoredEvent | None:
        """The match's first event, or None where the store has no such match."""
        with self.store() as store:
            first = store.read(match, to_seq=1)
        return first[0] if first else None

    # ---- exchange ----------------------------------------------------------------------------

    def sync_to(self, target: Keeping, *, tick: Callable[..., None]) -> SyncReport:
        """Copy every match this store has and ``target`` lacks, or lacks the end of, in batches; a
        match whose records differ is refused and named (``replay/app/sync.py``)."""
        from replay.app.sync import sync

        with self.store() as reading, target.store() as writing:
            return sync(reading, writing, tick=tick)

    def match_count(self) -> int:
        with self.store() as store:
            return len(store.heads())

    def import_files(
        self, files: Sequence[Path], *, recursive: bool = False, format_: str | None = None, strict: bool = False,
        as_id: str | None = None, jobs: int | None = None, recorded_by: str, progress: Progress,
        public: bool = False,
    ) -> tuple[ImportReport, list[str]]:  # fmt: skip
        """Each game of the files imported as a new match, all or nothing each (``replay/app/importing.py``):
        what was stored and skipped, and the problems that stopped it before anything was (``--strict``)."""
        from replay.app.importing import import_files

        return import_files(list(files), recursive=recursive, db=self.db, format_=format_, strict=strict,
                            as_id=as_id, jobs=jobs, recorded_by=recorded_by, progress=progress,
                            public=public)  # fmt: skip

    def exported_matches(self, match: str | None, *, abandoned: bool, where: str) -> list[str]:
        """The matches an export writes: ``match``, or every match (abandoned ones if asked)."""
        from replay.app.exporting import exported_matches

        with self.store() as store:
            return exported_matches(store, match, abandoned=abandoned, where=where)

    def export_native(
        self, ids: Sequence[str], format_: str, write: Callable[[str], object], tick: Callable[[], None],
        *, standings: bool = False, raw: bool = False,
    ) -> None:  # fmt: skip
        """The matches as taikyoku json, jsonl or csv, each written as it is read."""
        from replay.app.exporting import export_native

        with self.store() as store:
            export_native(store, ids, format_, write, tick, standings=standings, raw=raw)

    def export_log(self, match: str, format_: str, *, where: str) -> str:
        """A match as another program's record, in a format its game declares and writes
        (``Game.log_formats``)."""
        from replay.app.exporting import export_log

        with self.store() as store:
            if not store.exists(match):
                raise InputError(f"no match {match!r} in {where}; list the matches with `taikyoku matches`")
            return export_log(store, match, format_)

    def priced_hand(
        self, match: str, round_no: int, rulesets: list[str] | None
    ) -> tuple[dict[str, Any], list[str], str]:
        """A recorded hand's wins priced under each of ``rulesets`` (None: its game's) side by side."""
        from replay.app.reading import check_priced_rulesets, priced_hand

        check_priced_rulesets(rulesets or [])  # first: a ruleset misspelt is said before the store is opened
        with self.store() as store:
            return priced_hand(store, match, round_no, rulesets)
