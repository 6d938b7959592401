"""Tenhou's own mjlog XML (what its log download gives, often gzipped as ``.mjlog``), read into the
same game shape as a tenhou.net/6 log, so that one reading, one check and one import serve both.

The XML records every draw, discard and call in order with the tiles' own numbers (0-135); the
JSON Tenhou derives from it (``mjlog2json``) lists each seat's takes and discards apart. Reading
the XML into that JSON gives back the JSON twin of a game exactly (docs/riichi.md §3.3), and the
rest of the import is the tenhou6 one. What the events cannot carry (the wall's seed, the dice,
reconnections) is left out.
"""

from __future__ import annotations

import re
import zlib
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree

from events.canonical import JsonValue
from replay.engine.logs import LOG_BYTES, Read
from replay.games.riichi.logs.tenhou6.read import Game, LogProblem

MOST_BYTES = LOG_BYTES  # a real game is under 100 KB; more than this is not a log
MOST_ELEMENTS = 100_000  # a real game has a few thousand elements
YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
URA = 53
DRAWN_GAMES = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打",
               "nm": "流し満貫"}  # fmt: skip
LIMITS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
LIMIT_BASE = {1: 2000, 2: 3000, 3: 4000, 4: 6000, 5: 8000}
TSUMOGIRI = 60
DRAW_TAG = re.compile(r"[T-W]\d+")
DISCARD_TAG = re.compile(r"[D-G]\d+")


def read(data: bytes, source: str) -> list[Game]:
    """The one game of an mjlog file, plain or gzipped, in tenhou.net/6's shape."""
    root = _root(_text(data, source), source)
    try:
        return [_game(root, source)]
    except (ValueError, IndexError, KeyError, TypeError):
        raise LogProblem(
            f"{source}: an element holds a value Tenhou does not write (a tile, a seat or a score); "
            "check the file is the server's, unedited"
        ) from None


def _text(data: bytes, source: str) -> str:
    if data[:2] == b"\x1f\x8b":
        data = _inflated(data, source)
    if not data or len(data) > MOST_BYTES:
        raise LogProblem(
            f"{source}: empty, or over {MOST_BYTES // 1_000_000} MB: too large to be an mjlog (a game is under 100 KB)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LogProblem(f"{source}: not UTF-8 text; an mjlog is UTF-8 XML") from None


def _inflated(data: bytes, source: str) -> bytes:
    """A gzipped mjlog inflated as a stream that stops past MOST_BYTES: a small bomb never
    inflates to its gigabyte."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)  # the gzip wrapper
    try:
        out = inflater.decompress(data, MOST_BYTES + 1)
    except zlib.error:
        raise LogProblem(f"{source}: a gzipped mjlog that does not decompress (cut short?)") from None
    if len(out) > MOST_BYTES:
        raise LogProblem(
            f"{source}: inflates to over {MOST_BYTES // 1_000_000} MB: too large to be an mjlog (a game is under 100 KB)"
        )
    if not inflater.eof:
        raise LogProblem(f"{source}: a gzipped mjlog that does not decompress (cut short?)")
    return out


def _root(text: str, source: str) -> ElementTree.Element:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:  # no entity tricks: Tenhou never writes either
        raise LogProblem(f"{source}: an mjlog has no DOCTYPE or ENTITY declarations; this file is not one")
    parser: ElementTree.XMLPullParser[Any] = ElementTree.XMLPullParser(events=("start",))
    elements = 0
    root: ElementTree.Element | None = None
    try:
        for start in range(0, len(text), 65536):  # fed in pieces: counted as it grows, stopped past MOST_ELEMENTS
            parser.feed(text[start : start + 65536])
            started: Any = parser.read_events()  # ("start", element) pairs: typeshed types them loosely
            for _, element in started:
                root = element if root is None else root
                elements += 1
            if elements > MOST_ELEMENTS:
                raise LogProblem(
                    f"{source}: over {MOST_ELEMENTS:,} XML elements: too many to be an mjlog (a game has a few thousand)"
                )
        parser.close()
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise LogProblem(f"{source}: not well-formed XML at line {line}, column {column} (cut short?)") from None
    if root is None:
        raise LogProblem(f"{source}: no XML element in it; an mjlog's root element is <mjloggm>")
    if root.tag != "mjloggm":
        raise LogProblem(f"{source}: an mjlog's root element is <mjloggm>, not <{root.tag}>")
    if root.get("ver") not in ("2.3",):
        raise LogProblem(f"{source}: mjlog version {root.get('ver')!r}; only Tenhou's current 2.3 is read")
    return root


def _tile(tile_id: int, red: bool) -> int:
    """A tile (0-135) in tenhou.net/6's numbering: 11-47, and 51-53 for the red fives."""
    if red and tile_id in (16, 52, 88):
        return 51 + tile_id // 36
    kind = tile_id // 4
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def _ints(text: str | None) -> list[int]:
    return [int(v) for v in text.split(",")] if text else []


def _rule(go_type: int) -> dict[str, Any]:
    """The rule as Tenhou's JSON writes it, from the <GO type> bits."""
    room = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[go_type & 0xA0]
    disp = ("三" if go_type & 0x10 else "") + room + ("南" if go_type & 0x08 else "東")
    disp += ("" if go_type & 0x04 else "喰") + ("" if go_type & 0x02 else "赤") + ("速" if go_type & 0x40 else "")
    red = 0 if go_type & 0x02 else 1
    return {"disp": disp, "aka53": red, "aka52": red, "aka51": red}


def _game(root: ElementTree.Element, source: str) -> Game:
    go = root.find("GO")
    names_element = root.find("UN")
    if go is None or names_element is None or root.find("INIT") is None:
        raise LogProblem(f"{source}: an mjlog needs <GO>, <UN> and at least one <INIT>; this one is cut or old")
    go_type = int(go.get("type", "0"))
    players = 3 if go_type & 0x10 else 4
    red = not go_type & 0x02
    names = [unquote(names_element.get(f"n{seat}", "")) for seat in range(4)]
    hands: list[list[JsonValue]] = []
    current: _Hand | None = None
    final: list[JsonValue] | None = None
    for element in root:
        tag = element.tag
        if tag == "INIT":
            current = _Hand(element, players, red)
        elif current is None:
            continue
        elif DRAW_TAG.fullmatch(tag):
            current.draw(ord(tag[0]) - ord("T"), int(tag[1:]))
        elif DISCARD_TAG.fullmatch(tag):
            current.discard(ord(tag[0]) - ord("D"), int(tag[1:]))
        elif tag == "N":
            current.call(int(element.get("who", "0")), int(element.get("m", "0")))
        elif tag == "REACH" and element.get("step") == "1":
            current.declaring.add(int(element.get("who", "0")))
        elif tag == "DORA":
            current.dora.append(_tile(int(element.get("hai", "0")), red))
        elif tag in ("AGARI", "RYUUKYOKU"):
            ending = current.agari(element) if tag == "AGARI" else current.ryuukyoku(element)
            if hands and hands[-1] is current.entry:
                hands[-1] = current.with_result(ending, again=True)  # a second ron on the same tile
            else:
                hands.append(current.with_result(ending))
            if element.get("owari"):
                owari = element.get("owari", "").split(",")
                final = [int(v) * 100 if i % 2 == 0 else _number(v) for i, v in enumerate(owari)]
    if current is None or not hands:
        raise LogProblem(f"{source}: no hand of this mjlog reaches its end (<AGARI> or <RYUUKYOKU>); it is cut short")
    ref = re.sub(r"\.(xml|mjlog|gz)$", "", source.rsplit("/", 1)[-1])
    header: dict[str, Any] = {"ref": ref, "rule": _rule(go_type), "name": names}
    if final is not None:
        header["sc"] = final
    return Game(source, header, hands)


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


class _Hand:
    """One hand as it is read: each seat's takes and discards in Tenhou's JSON notation."""

    def __init__(self, init: ElementTree.Element, players: int, red: bool) -> None:
        self.players, self.red = players, red
        seed = _ints(init.get("seed"))
        self.head = seed[:3]
        self.dora = [_tile(seed[5], red)]
        self.scores = [v * 100 for v in _ints(init.get("ten"))]
        self.dealer = int(init.get("oya", "0"))
        self.haipai = [
            sorted((_tile(t, red) for t in _ints(init.get(f"hai{seat}"))), key=_dealt_order) for seat in range(4)
        ]
        self.takes: list[list[JsonValue]] = [[] for _ in range(4)]
        self.discards: list[list[JsonValue]] = [[] for _ in range(4)]
        self.last_drawn: list[int | None] = [None] * 4
        self.declaring: set[int] = set()
        self.kan_pending: list[int] = []  # seats whose open kan's dummy discard is owed
        self.entry: list[JsonValue] | None = None
        self.results: list[JsonValue] = []
        self.ura: list[int] = []

    def draw(self, seat: int, tile_id: int) -> None:
        self.takes[seat].append(_tile(tile_id, self.red))
        self.last_drawn[seat] = tile_id

    def discard(self, seat: int, tile_id: int) -> None:
        code: JsonValue = TSUMOGIRI if self.last_drawn[seat] == tile_id else _tile(tile_id, self.red)
        if seat in self.declaring:
            code = f"r{code}"
            self.declaring.discard(seat)
        self.discards[seat].append(code)
        self.last_drawn[seat] = None

    def call(self, seat: int, meld: int) -> None:
        """A call (<N m>): chi, pon and open kan go to the caller's takes; closed and added kans
        and kita to his discards. The placement follows mjlog2json's."""
        self.last_drawn[seat] = None
        source = meld & 3  # seats on from the caller: 1 the next, 2 across, 3 the one before
        if meld & 0x4:
            self.takes[seat].append(self._chi(meld))
        elif meld & 0x18:
            base = (meld >> 9) // 3
            called_index = (meld >> 9) % 3
            unused = (meld >> 5) & 3
            ids = [base * 4 + i for i in range(4) if i != unused]
            called = ids[called_index]
            text = self._pon_or_kakan(source, called, base * 4 + unused, added=bool(meld & 0x10))
            (self.discards if meld & 0x10 else self.takes)[seat].append(text)
        elif meld & 0x20:
            self.discards[seat].append("f44")
        else:
            tile_id = meld >> 8
            if source == 0:
                code = _tile(tile_id, self.red)
                kind = _plain(code)
                shown = _red_of(kind) if self.red and kind % 10 == 5 and kind < 40 else kind
                self.discards[seat].append(f"{kind:02d}{kind:02d}{kind:02d}a{shown:02d}")
            else:
                self.takes[seat].append(self._daiminkan(source, tile_id))
                self.discards[seat].append(0)

    def _chi(self, meld: int) -> str:
        pattern = meld >> 10
        called_index = pattern % 3
        base_kind = (pattern // 3) // 7 * 9 + (pattern // 3) % 7
        offsets = [(meld >> 3) & 3, (meld >> 5) & 3, (meld >> 7) & 3]
        codes = [_tile((base_kind + i) * 4 + offsets[i], self.red) for i in range(3)]
        order = [codes[called_index]] + [c for i, c in enumerate(codes) if i != called_index]
        return "c" + "".join(f"{c:02d}" for c in order)

    def _five_triple(self, source: int, called: int, other: int) -> list[int]:
        """Three tiles of a kind with the called one where the board shows it, red fives placed as
        mjlog2json places them: ``other`` is the tile not in the meld (pon) or added (kakan)."""
        called_code, other_code = _tile(called, self.red), _tile(other, self.red)
        plain = _plain(called_code)
        if plain % 10 != 5 or plain > 40 or not self.red:
            return [called_code] * 3
        if other_code > 50:
            return [plain] * 3
        if called_code > 50:
            position = {3: 0, 2: 1, 1: 2}[source]
            return [called_code if i == position else plain for i in range(3)]
        red = _red_of(plain)
        return [plain, red, plain] if source == 1 else [plain, plain, red]

    def _pon_or_kakan(self, source: int, called: int, other: int, *, added: bool) -> str:
        tiles = self._five_triple(source, called, other)
        position = {3: 0, 2: 1, 1: 2}[source]
        letter = "k" if added else "p"
        before = tiles[:position]
        after = tiles[position:]
        if added:
            extra = _tile(other, self.red)
            # mjlog2json writes the added tile right after the letter, before the called one.
            return "".join(f"{c:02d}" for c in before) + letter + f"{extra:02d}" + "".join(f"{c:02d}" for c in after)
        return "".join(f"{c:02d}" for c in before) + letter + "".join(f"{c:02d}" for c in after)

    def _daiminkan(self, source: int, tile_id: int) -> str:
        called_code = _tile(tile_id, self.red)
        plain = _plain(called_code)
        if plain % 10 == 5 and plain < 40 and self.red:
            if called_code > 50:
                position = {3: 0, 2: 1, 1: 3}[source]
                tiles = [called_code if i == position else plain for i in range(4)]
            else:
                red = _red_of(plain)
                tiles = [plain, plain, red, plain] if source == 1 else [plain, plain, plain, red]
        else:
            tiles = [called_code] * 4
        position = {3: 0, 2: 1, 1: 3}[source]
        return "".join(f"{c:02d}" for c in tiles[:position]) + "m" + "".join(f"{c:02d}" for c in tiles[position:])

    def agari(self, element: ElementTree.Element) -> list[JsonValue]:
        who, from_who = int(element.get("who", "0")), int(element.get("fromWho", "0"))
        pao = int(element.get("paoWho", str(who)))
        scores = _ints(element.get("sc"))
        deltas = [v * 100 for v in scores[1::2]]
        fu, points, limit = _ints(element.get("ten"))[:3]
        yaku = _ints(element.get("yaku"))
        words: list[str] = []
        han = 0
        for yaku_id, value in zip(yaku[0::2], yaku[1::2], strict=False):
            if yaku_id == URA and value == 0:
                continue
            han += value
            words.append(f"{YAKU_NAMES[yaku_id]}({value}飜)")
        yakuman = _ints(element.get("yakuman"))
        words += [f"{YAKU_NAMES[y]}(役満)" for y in yakuman]
        ura = [_tile(t, self.red) for t in _ints(element.get("doraHaiUra"))]
        if ura and not self.ura:
            self.ura = ura
        tsumo = who == from_who
        score = _score_words(fu, han, points, limit, len(yakuman), tsumo, who == self.dealer)
        return [deltas, [who, from_who, pao, score, *words]]

    def ryuukyoku(self, element: ElementTree.Element) -> list[JsonValue]:
        kind = element.get("type")
        scores = _ints(element.get("sc"))
        deltas = [v * 100 for v in scores[1::2]]
        if kind in DRAWN_GAMES:
            name = DRAWN_GAMES[kind]
        else:
            shown = [element.get(f"hai{seat}") is not None for seat in range(self.players)]
            name = "全員聴牌" if all(shown) else "全員不聴" if not any(shown) else "流局"
        return [name, deltas] if any(deltas) else [name]

    def with_result(self, ending: list[JsonValue], *, again: bool = False) -> list[JsonValue]:
        """The hand in tenhou.net/6's shape, with its result block (a double ron adds to it)."""
        if isinstance(ending[0], str):
            block = ending
        elif again:
            block = [*self.results, *ending]
        else:
            block = ["和了", *ending]
        self.results = block
        pending = [list(d) for d in self.discards]
        for seat in range(4):
            while pending[seat] and pending[seat][-1] == 0:
                pending[seat].pop()  # an open kan's dummy discard with nothing after it
        entry: list[JsonValue] = [list(self.head), self.scores, self.dora, self.ura]
        for seat in range(4):
            entry += [self.haipai[seat], self.takes[seat], pending[seat]]
        self.entry = [*entry, block]
        return self.entry


def _plain(code: int) -> int:
    return (code - 50) * 10 + 5 if code > 50 else code


def _red_of(plain: int) -> int:
    return 50 + plain // 10


def _dealt_order(code: int) -> int:
    """Tenhou's JSON sorts a dealt hand with a red five after the plain fives of its suit."""
    return (_plain(code) * 10 + 1) if code > 50 else code * 10


def _score_words(fu: int, han: int, points: int, limit: int, yakuman: int, tsumo: bool, dealer: bool) -> str:
    """The score as Tenhou's JSON writes it: "30符1飜1000点", "満貫2000-4000点", "倍満8000点∀"."""
    head = LIMITS.get(limit, f"{fu}符{han}飜")
    if not tsumo:
        return f"{head}{points}点"
    base = LIMIT_BASE[limit] * (max(1, yakuman) if limit == 5 else 1) if limit else fu << (han + 2)
    if dealer:
        return f"{head}{_up(2 * base)}点∀"
    return f"{head}{_up(base)}-{_up(2 * base)}点"


def _up(points: int) -> int:
    """Rounded up to a hundred, as every payment is."""
    return -(-points // 100) * 100


def games(data: bytes, name: str) -> Read:
    """Each game of an mjlog file (plain or gzipped), folded through the riichi rules."""
    from replay.games.riichi.logs.folding import games_read

    return games_read(read, data, name)
