"""Riichi mahjong: the hand as a fold, the first go-around, pricing over the `mahjong` library."""
