"""The 81 fans of the Chinese Official rules (MCR), declared once: each fan's name, its points,
the fans it is not counted with (a fan that implies another does not count it again) and how
often a hand may count it. The Green Book's table (docs/mcr.md gives the source); the calculator
that finds a hand's fans (``pricing.py``) applies the same exclusions, and tests/games/mcr checks
this table against what it finds on many hands.

A fan excluded here is excluded whole: where the rules exclude a fan for some sets only (a pung
of winds inside Big Three Winds is no Pung of Terminals or Honors, another pung of nines is), the
fan is not listed, and ``most`` bounds it instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fan:
    id: str
    name: str  # as the rules' English text and the calculator name it
    points: int
    excludes: tuple[str, ...] = ()  # ids of the fans it is not counted with
    most: int = 1  # how many times one hand may count it


def _fan(name: str, points: int, *excludes: str, most: int = 1) -> Fan:
    return Fan(_id(name), name, points, tuple(_id(e) for e in excludes), most)


def _id(name: str) -> str:
    return name.lower().replace("-", "_").replace(" ", "_")


FANS: tuple[Fan, ...] = (
    # 88
    _fan("Big Four Winds", 88, "Big Three Winds", "Little Four Winds", "All Pungs", "Seat Wind", "Prevalent Wind",
         "Pung of Terminals or Honors"),
    _fan("Big Three Dragons", 88, "Little Three Dragons", "Two Dragons Pungs", "Dragon Pung"),
    _fan("All Green", 88, "Half Flush", "One Voided Suit"),
    _fan("Nine Gates", 88, "Full Flush", "Concealed Hand", "Fully Concealed Hand", "No Honors", "One Voided Suit"),
    _fan("Four Kongs", 88, "Three Kongs", "Two Melded Kongs", "Two Concealed Kongs", "Melded Kong", "All Pungs",
         "Single Wait"),
    _fan("Seven Shifted Pairs", 88, "Seven Pairs", "Full Flush", "Concealed Hand", "Fully Concealed Hand",
         "Single Wait", "No Honors", "One Voided Suit"),
    _fan("Thirteen Orphans", 88, "All Types", "Concealed Hand", "Fully Concealed Hand", "Single Wait"),
    # 64
    _fan("All Terminals", 64, "All Terminals and Honors", "All Pungs", "Outside Hand", "Pung of Terminals or Honors",
         "No Honors", "Double Pung"),
    _fan("Little Four Winds", 64, "Big Three Winds", "Pung of Terminals or Honors"),
    _fan("Little Three Dragons", 64, "Two Dragons Pungs", "Dragon Pung"),
    _fan("All Honors", 64, "All Terminals and Honors", "All Pungs", "Outside Hand", "Pung of Terminals or Honors",
         "One Voided Suit"),
    _fan("Four Concealed Pungs", 64, "All Pungs", "Three Concealed Pungs", "Two Concealed Pungs", "Concealed Hand",
         "Fully Concealed Hand"),
    _fan("Pure Terminal Chows", 64, "Seven Pairs", "Full Flush", "All Chows", "Pure Double Chow",
         "Two Terminal Chows", "No Honors", "One Voided Suit"),
    # 48
    _fan("Quadruple Chow", 48, "Pure Triple Chow", "Pure Shifted Pungs", "Pure Double Chow", "Tile Hog"),
    _fan("Four Pure Shifted Pungs", 48, "Pure Shifted Pungs", "Pure Triple Chow", "All Pungs"),
    # 32
    _fan("Four Pure Shifted Chows", 32, "Pure Shifted Chows", "Short Straight", "Two Terminal Chows"),
    _fan("Three Kongs", 32, "Two Melded Kongs", "Two Concealed Kongs", "Melded Kong"),
    _fan("All Terminals and Honors", 32, "All Pungs", "Outside Hand", "Pung of Terminals or Honors"),
    # 24
    _fan("Seven Pairs", 24, "Concealed Hand", "Fully Concealed Hand", "Single Wait"),
    _fan("Greater Honors and Knitted Tiles", 24, "Lesser Honors and Knitted Tiles", "All Types", "Concealed Hand",
         "Fully Concealed Hand"),
    _fan("All Even Pungs", 24, "All Pungs", "All Simples", "No Honors"),
    _fan("Full Flush", 24, "One Voided Suit", "No Honors"),
    _fan("Pure Triple Chow", 24, "Pure Shifted Pungs", "Pure Double Chow"),
    _fan("Pure Shifted Pungs", 24, "Pure Triple Chow"),
    _fan("Upper Tiles", 24, "Upper Four", "No Honors"),
    _fan("Middle Tiles", 24, "All Simples", "No Honors"),
    _fan("Lower Tiles", 24, "Lower Four", "No Honors"),
    # 16
    _fan("Pure Straight", 16, "Short Straight", "Two Terminal Chows"),
    _fan("Three-Suited Terminal Chows", 16, "All Chows", "Mixed Double Chow", "Two Terminal Chows", "No Honors"),
    _fan("Pure Shifted Chows", 16),
    _fan("All Five", 16, "All Simples", "No Honors"),
    _fan("Triple Pung", 16, "Double Pung"),
    _fan("Three Concealed Pungs", 16, "Two Concealed Pungs"),
    # 12
    _fan("Lesser Honors and Knitted Tiles", 12, "All Types", "Concealed Hand", "Fully Concealed Hand"),
    _fan("Knitted Straight", 12),
    _fan("Upper Four", 12, "No Honors"),
    _fan("Lower Four", 12, "No Honors"),
    _fan("Big Three Winds", 12),
    # 8
    _fan("Mixed Straight", 8),
    _fan("Reversible Tiles", 8, "One Voided Suit"),
    _fan("Mixed Triple Chow", 8, "Mixed Double Chow"),
    _fan("Mixed Shifted Pungs", 8),
    _fan("Chicken Hand", 8),
    _fan("Last Tile Draw", 8, "Self-Drawn"),
    _fan("Last Tile Claim", 8),
    _fan("Out with Replacement Tile", 8, "Self-Drawn"),
    _fan("Robbing The Kong", 8, "Last Tile"),
    # 6
    _fan("All Pungs", 6),
    _fan("Half Flush", 6),
    _fan("Mixed Shifted Chows", 6),
    _fan("All Types", 6),
    _fan("Melded Hand", 6, "Single Wait"),
    _fan("Two Concealed Kongs", 6, "Concealed Kong"),
    _fan("Two Dragons Pungs", 6, "Dragon Pung"),
    # 4
    _fan("Outside Hand", 4),
    _fan("Fully Concealed Hand", 4, "Concealed Hand", "Self-Drawn"),
    _fan("Two Melded Kongs", 4, "Melded Kong"),
    _fan("Last Tile", 4),
    # 2
    _fan("Dragon Pung", 2),
    _fan("Prevalent Wind", 2),
    _fan("Seat Wind", 2),
    _fan("Concealed Hand", 2),
    _fan("All Chows", 2, "No Honors"),
    _fan("Tile Hog", 2, most=4),
    _fan("Double Pung", 2, most=2),
    _fan("Two Concealed Pungs", 2),
    _fan("Concealed Kong", 2),
    _fan("All Simples", 2, "No Honors"),
    # 1
    _fan("Pure Double Chow", 1, most=2),
    _fan("Mixed Double Chow", 1, most=2),
    _fan("Short Straight", 1, most=2),
    _fan("Two Terminal Chows", 1, most=2),
    _fan("Pung of Terminals or Honors", 1, most=4),
    _fan("Melded Kong", 1),
    _fan("One Voided Suit", 1),
    _fan("No Honors", 1),
    _fan("Edge Wait", 1, "Closed Wait", "Single Wait"),
    _fan("Closed Wait", 1, "Edge Wait", "Single Wait"),
    _fan("Single Wait", 1, "Edge Wait", "Closed Wait"),
    _fan("Self-Drawn", 1),
    _fan("Flower Tiles", 1, most=8),
    # The calculator's one fan beside the 81: a concealed and a melded kong together (the Chinese
    # national rules' reading, which the EMA's tables follow in counting them once).
    _fan("Concealed Kong and Melded Kong", 5, "Concealed Kong", "Melded Kong"),
)  # fmt: skip
BY_ID: dict[str, Fan] = {fan.id: fan for fan in FANS}
BY_NAME: dict[str, Fan] = {fan.name: fan for fan in FANS}
FLOWER_TILES = "flower_tiles"  # a point a flower, counted beside the hand's fans but not toward the minimum
VALUES: tuple[int, ...] = tuple(sorted({fan.points for fan in FANS}, reverse=True))


def fan_of(word: str) -> Fan:
    """A fan by its id (``all_pungs``) or its name in any case (``All Pungs``); KeyError if none."""
    key = _id(word.strip())
    return BY_ID[key]


def excluded_by(chosen: tuple[str, ...]) -> dict[str, str]:
    """Of the fans ``chosen`` (ids), each fan they exclude, with the chosen fan that excludes it."""
    found: dict[str, str] = {}
    for one in chosen:
        for other in BY_ID[one].excludes:
            found.setdefault(other, one)
    return found
