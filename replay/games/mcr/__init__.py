"""Chinese Official mahjong (MCR), the EMA's second championship game: its events are
``events/mcr.py``, its rules this folder's (docs/mcr.md)."""
