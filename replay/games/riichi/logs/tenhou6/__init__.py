"""tenhou.net/6 JSON logs: ``read`` and ``convert`` bring a Tenhou game in as checked events
(``read.py``); ``export`` writes a riichi match out the same way (``write.py``)."""

from replay.engine.logs import Read
from replay.games.riichi.logs.tenhou6.read import Game, LogProblem, read
from replay.games.riichi.logs.tenhou6.reading import TenhouReading, match_id_for
from replay.games.riichi.logs.tenhou6.write import export


def games(data: bytes, name: str) -> Read:
    """Each game of a tenhou.net/6 file, folded through the riichi rules."""
    from replay.games.riichi.logs.folding import games_read

    return games_read(read, data, name)


__all__ = ["Game", "LogProblem", "TenhouReading", "export", "games", "match_id_for", "read"]
