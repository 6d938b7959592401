"""Tsuki-awase, a toy card game plugged in from outside the project (``TAIKYOKU_GAMES=tests.games.toy``):
the proof that a game moves into the house through the registry alone, touching no file but its own."""
