"""Current versions of the event types that are read without their models: a listing reads each
match's first event as the JSON it was stored as (checked when stored), and builds the model only
for an older version, to upcast it. ``events/match.py`` declares the type with this number."""

MATCH_STARTED = 2
