"""The append path's own refusals, where no store can be made to reach them."""

from __future__ import annotations

from store.batch import duplicate_error
from store.errors import DuplicateEventError, RepeatedEventIdError


def test_a_collision_no_id_explains_is_said_plainly() -> None:
    # A unique constraint broken with every id new and none repeated: both stores lock the match
    # before appending, so only a change behind their back can do it; the words must still be plain.
    rows = [("m-1", 2, "id-a"), ("m-1", 3, "id-b")]
    error = duplicate_error(rows, lambda event_id: None)
    assert type(error) is DuplicateEventError
    assert str(error) == "an event in this batch collides with a stored one"


def test_the_first_repeated_id_is_named() -> None:
    rows = [("m-1", 2, "id-a"), ("m-1", 3, "id-b"), ("m-1", 4, "id-a")]
    error = duplicate_error(rows, lambda event_id: None)
    assert isinstance(error, RepeatedEventIdError)
    assert str(error) == "event id id-a appears twice in one batch; give each event its own id"
