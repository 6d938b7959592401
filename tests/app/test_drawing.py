"""A page carries its own game's pieces, as the game draws them (``GameRules.drawing``): a hanafuda
page the 48 cards and a card's back, a riichi page the 37 tiles (34 kinds and three red fives) and
a tile's back, each with its accessible name. Plant: every game's pieces drawn on every page."""

from __future__ import annotations

from replay.present.page import sprite


def test_a_page_carries_its_own_games_pieces_and_their_names() -> None:
    cards, tiles = sprite.sprite("tensho"), sprite.sprite("riichi")
    assert (cards.count("<symbol"), tiles.count("<symbol")) == (49, 38)
    assert 'id="c-pine-crane"' in cards and 'id="c-?"' in cards and 'id="t-' not in cards
    assert 'id="t-0p"' in tiles and 'id="t-?"' in tiles and 'id="c-' not in tiles
    assert sprite.names("riichi")["0p"] == "5 of dots, red"
    assert sprite.names("koikoi")["pine-crane"] == "pine crane (bright)"
    assert "pine-crane" not in sprite.names("riichi")
