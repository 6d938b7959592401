"""Reading and writing other programs' records: Tenhou's JSON and XML, mjai, and taikyoku's own export.

A game log (tenhou.net/6, mjlog, mjai) is refused past ``LOG_BYTES`` before it is read: a real
game is under 100 KB and a file of a night's games a few MB, so what is larger is not a log, and
reading it whole would take memory in proportion. taikyoku's own exports are read as a stream,
a match at a time, whatever their size."""

LOG_BYTES = 8_000_000
