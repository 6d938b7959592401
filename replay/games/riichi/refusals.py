"""Which of the riichi fold's refusals a server's own record may override.

A log from a game server (Tenhou) is a record of what the server let happen: where our rules
refuse a move the server allowed, the hand may be kept as the log recorded it, with a finding,
as long as the log is consistent with itself. These are the refusals of that kind: a rule the
server may apply otherwise (a furiten edge, an abortive draw, the sticks a riichi needs). A
refusal not listed here (a tile a player does not hold, a move out of turn) means the log does
not hold together, and the game is not imported.
"""

from __future__ import annotations

SERVER_MAY_OVERRIDE = frozenset({
    "riichi.abort.four_kans", "riichi.abort.four_riichi", "riichi.abort.four_winds", "riichi.abort.kyuushu",
    "riichi.abort.not_allowed", "riichi.call.after_riichi", "riichi.call.changes_wait", "riichi.call.chi_sanma",
    "riichi.call.kita_in_riichi", "riichi.call.fifth_kan", "riichi.call.last_tile", "riichi.discard.after_riichi",
    "riichi.discard.not_tsumogiri", "riichi.draw.not_tenpai", "riichi.nagashi.not_allowed", "riichi.nagashi.river",
    "riichi.riichi.not_tenpai", "riichi.riichi.open_hand", "riichi.riichi.points", "riichi.riichi.wall",
    "riichi.win.furiten", "riichi.win.incomplete", "riichi.win.no_win", "riichi.win.triple_ron", "riichi.win.pao",
    "riichi.renhou",
})  # fmt: skip

# The refusal of a hand after the match's end: where a server played on, its record goes on.
MATCH_OVER = "riichi.match.over"
