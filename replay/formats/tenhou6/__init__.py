"""tenhou.net/6 JSON logs: ``read`` and ``convert`` bring a Tenhou game in as checked events
(``read.py``); ``export`` writes a riichi match out the same way (``write.py``)."""

from replay.formats.tenhou6.read import GAME, Game, LogProblem, read
from replay.formats.tenhou6.reading import TenhouReading, match_id_for
from replay.formats.tenhou6.write import export

__all__ = ["GAME", "Game", "LogProblem", "TenhouReading", "export", "match_id_for", "read"]
