"""The yaku a table names when it declares a hand's value (``riichi.declared_win``), declared once:
the word a scorer taps or types, and whether only a tsumo or only a ron makes it. The names are the
usual romaji; docs/riichi.md gives each with its han."""

from __future__ import annotations

from typing import Literal, NamedTuple


class DeclaredYaku(NamedTuple):
    word: str
    only: Literal["tsumo", "ron", ""] = ""  # made only by a tsumo, or only by a ron
    riichi: bool = False  # only a player who declared riichi makes it


YAKU: tuple[DeclaredYaku, ...] = (
    DeclaredYaku("riichi", riichi=True),
    DeclaredYaku("double-riichi", riichi=True),
    DeclaredYaku("ippatsu", riichi=True),
    DeclaredYaku("menzen-tsumo", only="tsumo"),
    DeclaredYaku("pinfu"),
    DeclaredYaku("tanyao"),
    DeclaredYaku("iipeikou"),
    DeclaredYaku("yakuhai"),
    DeclaredYaku("haitei", only="tsumo"),
    DeclaredYaku("houtei", only="ron"),
    DeclaredYaku("rinshan", only="tsumo"),
    DeclaredYaku("chankan", only="ron"),
    DeclaredYaku("sanshoku"),
    DeclaredYaku("ittsu"),
    DeclaredYaku("chanta"),
    DeclaredYaku("chiitoitsu"),
    DeclaredYaku("toitoi"),
    DeclaredYaku("sanankou"),
    DeclaredYaku("sankantsu"),
    DeclaredYaku("sanshoku-doukou"),
    DeclaredYaku("shousangen"),
    DeclaredYaku("honroutou"),
    DeclaredYaku("honitsu"),
    DeclaredYaku("junchan"),
    DeclaredYaku("ryanpeikou"),
    DeclaredYaku("chinitsu"),
    DeclaredYaku("renhou", only="ron"),
    DeclaredYaku("dora"),
    DeclaredYaku("kokushi"),
    DeclaredYaku("suuankou"),
    DeclaredYaku("daisangen"),
    DeclaredYaku("shousuushii"),
    DeclaredYaku("daisuushii"),
    DeclaredYaku("tsuuiisou"),
    DeclaredYaku("ryuuiisou"),
    DeclaredYaku("chinroutou"),
    DeclaredYaku("chuuren"),
    DeclaredYaku("suukantsu"),
    DeclaredYaku("tenhou", only="tsumo"),
    DeclaredYaku("chiihou", only="tsumo"),
)
WORDS: tuple[str, ...] = tuple(y.word for y in YAKU)
