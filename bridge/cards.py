"""The card database: card name → :class:`Card` (the Oracle fields) → the parser's facts.

A :class:`CardDatabase` maps names to frozen :class:`Card` records. Lookup is case-insensitive and
tolerant of curly apostrophes, accents and spacing (``"gaea’s cradle"`` finds ``Gaea's Cradle``);
a miss raises :class:`~mtgasp.errors.UnknownCardError` with close matches. Facts for a card come
from the parser (:func:`mtgasp.parser.parse_card`), parsed lazily and cached.

Sources:

* :meth:`CardDatabase.default` — the embedded card set ``data/cards.yaml`` (real Oracle text of the
  cards the seeds and the classic interactions need), so mtgasp works with no download;
* :meth:`CardDatabase.from_file` (read by :mod:`mtgasp.card_files`) — a Scryfall bulk ``oracle_cards`` JSON file, an MTGJSON
  ``AtomicCards.json``, JSON lines (one card record a line), or a YAML card list in the format of
  the embedded set; by default layered over the embedded set (the file's cards win).

Databases layer: :meth:`CardDatabase.overlay` makes a child that sees its parent's cards, may add
or replace cards of its own (a state file's ``cards:`` section), and never changes the parent.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import KW_ONLY, dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import UnknownCardError

if TYPE_CHECKING:  # pragma: no cover - typing only
    import clingo
    import yaml  # (imported where YAML is read: reading JSON card files never loads it)

__all__ = [
    "COLOR_LETTERS",
    "Card",
    "CardDatabase",
    "name_key",
    "normalize_color_indicator",
]

#: The five colors in WUBRG order, by their one-letter abbreviations (CR 105.1, 105.2).
COLOR_LETTERS: tuple[str, ...] = ("W", "U", "B", "R", "G")

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

#: The Card fields a record may give, in the order the embedded set writes them.
CARD_FIELDS: tuple[str, ...] = (
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "color_indicator",
)

# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------

_PUNCT = str.maketrans(
    {
        "\u2018": "'",  # left single quotation mark
        "\u2019": "'",  # right single quotation mark (Oracle's typographic apostrophe)
        "\u02bc": "'",  # modifier letter apostrophe
        "\u0060": "'",  # grave accent used as an apostrophe
        "\u00b4": "'",  # acute accent used as an apostrophe
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2212": "-",
        "\u00c6": "Ae",
        "\u00e6": "ae",
    }
)
_SPACES = re.compile(r"\s+")
# A mana cost: symbols in braces; the halves of a split card joined by " // " (CR 202.1, 709).
_MANA_COST = re.compile(r"^(\{[^{}\s]+\})*( // (\{[^{}\s]+\})*)*$")


#: Longest text a card field may hold (the longest Oracle text of the 32.7k-card corpus has 769
#: characters; the parser's time grows with the text).
MAX_FIELD_CHARS = {"oracle_text": 5000, "name": 300, "type_line": 300, "mana_cost": 200}
MAX_NUMBER_CHARS = 20
#: Largest card file read (Scryfall's oracle_cards is about 160 MB).
MAX_CARD_FILE_BYTES = 600 * 2**20


def excerpt(value: object, n: int = 60) -> str:
    """A short, printable excerpt of a bad value for an error message (never the whole of a
    huge value, never a Python repr of an unexpected type)."""
    if isinstance(value, str):
        text = value
    elif value is None or isinstance(value, (bool, int, float)):
        text = str(value) if not isinstance(value, int) or abs(value) < 10**30 else f"a {value.bit_length()}-bit integer"
        return text
    elif isinstance(value, (list, tuple)) and len(value) <= 5 and all(
        x is None or isinstance(x, (str, bool, int, float)) for x in value
    ):
        inner = "[" + ", ".join(excerpt(x, 20) for x in value) + "]"
        return inner if len(inner) <= n + 10 else f"a list of {len(value)} items"
    else:
        return f"a {type(value).__name__}"
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text[:n])
    more = f"... ({len(text)} characters)" if len(text) > n else ""
    return f"'{shown}'{more}"


# Control characters (Unicode category Cc), lone surrogates (Cs) and the line/paragraph separators.
_BAD_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
_BAD_CHARS_MULTILINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def _bad_char(text: str, multiline: bool) -> tuple[int, str] | None:
    """The first character a card field may not hold: a control character (other than a line
    break in Oracle text) or a lone surrogate (not a character at all: it cannot be encoded)."""
    m = (_BAD_CHARS_MULTILINE if multiline else _BAD_CHARS).search(text)
    return None if m is None else (m.start(), f"U+{ord(m.group()):04X}")


def check_text(value: str, where: str, *, multiline: bool = False, limit: int = 300) -> None:
    """Raise :class:`ValueError` naming ``where`` if ``value`` is too long or holds a control
    character or a lone surrogate."""
    if len(value) <= limit and (_BAD_CHARS_MULTILINE if multiline else _BAD_CHARS).search(value) is None:
        return  # the common case, in one look
    if len(value) > limit:
        raise ValueError(f"{where}: expected at most {limit} characters, got {len(value)} ({excerpt(value, 40)})")
    bad = _bad_char(value, multiline)
    if bad is not None:
        i, code = bad
        allowed = "printable characters and line breaks" if multiline else "printable characters"
        raise ValueError(
            f"{where}: character {code} at position {i + 1} is not allowed (card text holds only {allowed}): "
            f"{excerpt(value[max(0, i - 20):i + 20], 40)}"
        )


def name_key(name: str) -> str:
    """The lookup key of a card name: case-, accent-, apostrophe- and spacing-insensitive.

    >>> name_key("Gaea\u2019s  Cradle") == name_key("gaea's cradle")
    True
    >>> name_key("\u00c6ther Vial") == name_key("aether vial")
    True
    """
    text = name.translate(_PUNCT)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SPACES.sub(" ", text).strip().casefold()


# ---------------------------------------------------------------------------------------------
# Card
# ---------------------------------------------------------------------------------------------


def normalize_color_indicator(value: object) -> tuple[str, ...] | None:
    """A color indicator (CR 204) as a tuple of color letters in WUBRG order, or None.

    Accepts the forms real data uses: Scryfall/MTGJSON ``["G", "R"]``, the corpus's
    ``"Green Red"``, words or letters in any case (``["green", "red"]``, ``"GR"``).
    Raises :class:`ValueError` (with the bad part) for anything else.
    """
    if value is None:
        return None
    if isinstance(value, str):
        parts = value.replace(",", " ").split()
        if len(parts) == 1 and len(parts[0]) > 1 and set(parts[0].upper()) <= set(COLOR_LETTERS):
            parts = list(parts[0])  # "GR"
    elif isinstance(value, (list, tuple)):
        parts = list(value)
    else:
        raise ValueError(f"expected a list of colors, got {excerpt(value)}")
    letters: set[str] = set()
    for part in parts:
        if not isinstance(part, str):
            raise ValueError(f"expected a color, got {excerpt(part)}")
        word = part.strip()
        letter = _COLOR_WORDS.get(word.casefold(), word.upper())
        if letter not in COLOR_LETTERS:
            raise ValueError(f"expected colors among W, U, B, R, G (or white, blue, black, red, green), got {excerpt(part)}")
        letters.add(letter)
    if not letters:
        return None
    return tuple(c for c in COLOR_LETTERS if c in letters)


def card_values(record: Mapping[str, Any], where: str = "card") -> dict[str, Any]:
    """The fields of a card record, checked and normalised as :meth:`Card.from_record` takes
    them: a dict with the :data:`CARD_FIELDS` keys in that order (``mana_cost`` and
    ``oracle_text`` ``""`` when missing, numbers as strings, ``color_indicator`` a tuple of
    letters or None). Raises :class:`ValueError` naming the field (``where.field``) when a value
    has the wrong type, length or characters.

    A record of strings (or None) within their lengths, without a color indicator, is checked
    in one look (one search for a forbidden character over its one-line fields, one over its
    Oracle text): the common case of real card files. Any other record, and any that fails
    that look, is checked field by field, which finds the first bad field and says why."""
    get = record.get
    name, type_line, mana_cost, text = get("name"), get("type_line"), get("mana_cost"), get("oracle_text")
    power, toughness, loyalty, defense = get("power"), get("toughness"), get("loyalty"), get("defense")
    if (type(name) is str and type(type_line) is str and type(mana_cost) in _STR_OR_NONE
            and type(text) in _STR_OR_NONE and type(power) in _STR_OR_NONE
            and type(toughness) in _STR_OR_NONE and type(loyalty) in _STR_OR_NONE
            and type(defense) in _STR_OR_NONE and get("color_indicator") is None):
        mana_cost = mana_cost or ""
        text = text or ""
        one_line = f"{name}\t{type_line}\t{mana_cost}\t{power or ''}\t{toughness or ''}\t{loyalty or ''}\t{defense or ''}"
        # the tabs between the fields are the only control characters a good record's one-line
        # fields give, so a search finds a bad character only if one is there
        if (len(name) <= _NAME_MAX and len(type_line) <= _TYPE_LINE_MAX and len(mana_cost) <= _MANA_COST_MAX
                and len(text) <= _ORACLE_TEXT_MAX and one_line.count("\t") == 6
                and _BAD_ONE_LINE.search(one_line) is None
                and (not text or _BAD_CHARS_MULTILINE.search(text) is None)
                and name.strip() and type_line.strip() and (not mana_cost or _MANA_COST.match(mana_cost))
                and (power is None or len(power) <= MAX_NUMBER_CHARS)
                and (toughness is None or len(toughness) <= MAX_NUMBER_CHARS)
                and (loyalty is None or len(loyalty) <= MAX_NUMBER_CHARS)
                and (defense is None or len(defense) <= MAX_NUMBER_CHARS)):
            return {"name": name, "mana_cost": mana_cost, "type_line": type_line, "oracle_text": text,
                    "power": power, "toughness": toughness, "loyalty": loyalty, "defense": defense,
                    "color_indicator": None}
    return _checked_values(record, where)


_STR_OR_NONE = frozenset((str, type(None)))
#: a forbidden character of a one-line field other than the tab that joins them in one look
_BAD_ONE_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
_NAME_MAX = MAX_FIELD_CHARS["name"]
_TYPE_LINE_MAX = MAX_FIELD_CHARS["type_line"]
_MANA_COST_MAX = MAX_FIELD_CHARS["mana_cost"]
_ORACLE_TEXT_MAX = MAX_FIELD_CHARS["oracle_text"]


def _checked_values(record: Mapping[str, Any], where: str) -> dict[str, Any]:
    """:func:`card_values` field by field: the first bad field raises, naming it."""
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}.name: expected a card name (a non-empty string), got {excerpt(name)}")
    check_text(name, f"{where}.name", limit=MAX_FIELD_CHARS["name"])
    type_line = record.get("type_line")
    if not isinstance(type_line, str) or not type_line.strip():
        raise ValueError(
            f"{where}.type_line: expected a type line such as 'Creature — Elf Druid', got {excerpt(type_line)}"
        )
    check_text(type_line, f"{where}.type_line", limit=MAX_FIELD_CHARS["type_line"])
    values: dict[str, Any] = {"name": name}
    for key in ("mana_cost", "oracle_text"):
        value = record.get(key)
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise ValueError(f"{where}.{key}: expected a string, got {excerpt(value)}")
        check_text(value, f"{where}.{key}", multiline=key == "oracle_text", limit=MAX_FIELD_CHARS[key])
        values[key] = value
        if key == "mana_cost":
            values["type_line"] = type_line
    if not _MANA_COST.match(values["mana_cost"]):
        raise ValueError(
            f"{where}.mana_cost: expected a mana cost in {{..}} notation such as '{{1}}{{G}}', "
            f"got {excerpt(values['mana_cost'])}"
        )
    for key in ("power", "toughness", "loyalty", "defense"):
        value = record.get(key)
        if isinstance(value, bool) or not (value is None or isinstance(value, (str, int))):
            raise ValueError(f"{where}.{key}: expected a number or a string such as '*', got {excerpt(value)}")
        if isinstance(value, int) and abs(value) >= 10**MAX_NUMBER_CHARS:
            raise ValueError(f"{where}.{key}: expected a number of at most {MAX_NUMBER_CHARS} digits, got {excerpt(value)}")
        if isinstance(value, str):
            check_text(value, f"{where}.{key}", limit=MAX_NUMBER_CHARS)
        values[key] = None if value is None else str(value)
    try:
        values["color_indicator"] = normalize_color_indicator(record.get("color_indicator"))
    except ValueError as exc:
        raise ValueError(f"{where}.color_indicator: {exc}") from None
    return values


@dataclass(frozen=True)
class Card:
    """One card (or one face of a multi-faced card) as the Oracle reference prints it.

    All texts are exactly as in the source data; numbers stay strings because printed values may
    be ``*`` or ``1+*`` (CR 208.2).
    """

    name: str
    """The Oracle name, e.g. ``"The Master, Multiplied"``; for a face, the face's name."""
    _: KW_ONLY
    mana_cost: str = ""
    """The mana cost in ``{..}`` notation, ``""`` if the card has none (CR 202.1a)."""
    type_line: str
    """The full type line, e.g. ``"Legendary Creature — Time Lord Rogue"`` (an em dash)."""
    oracle_text: str = ""
    """The Oracle text, abilities separated by ``\\n``; ``""`` for a vanilla card."""
    power: str | None = None
    """Printed power, e.g. ``"2"`` or ``"*"``; None if the card has none."""
    toughness: str | None = None
    """Printed toughness; None if the card has none."""
    loyalty: str | None = None
    """Printed starting loyalty of a planeswalker; None otherwise."""
    defense: str | None = None
    """Printed defense of a battle; None otherwise."""
    color_indicator: tuple[str, ...] | None = None
    """Color indicator (CR 204) as color letters in WUBRG order, e.g. ``("U", "R")``; None if none."""

    @classmethod
    def from_record(cls, record: Mapping[str, Any], *, where: str = "card") -> Card:
        """Build a card from a mapping with the :data:`CARD_FIELDS` keys (others are ignored).

        Numbers may be given as integers (``power: 2``); they are stored as strings. Raises
        :class:`ValueError` naming the field (``where.field``) when a value has the wrong type.
        """
        return cls(**card_values(record, where))

    def to_record(self) -> dict[str, Any]:
        """The card as a plain mapping (the inverse of :meth:`from_record`), empty fields left out."""
        out: dict[str, Any] = {"name": self.name}
        if self.mana_cost:
            out["mana_cost"] = self.mana_cost
        out["type_line"] = self.type_line
        if self.oracle_text:
            out["oracle_text"] = self.oracle_text
        for key in ("power", "toughness", "loyalty", "defense"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.color_indicator:
            out["color_indicator"] = list(self.color_indicator)
        return out


# ---------------------------------------------------------------------------------------------
# The database
# ---------------------------------------------------------------------------------------------

_DEFAULT_RESOURCE = "cards.yaml"


class CardDatabase:
    """Card name → :class:`Card`, optionally layered over a parent database.

    >>> db = CardDatabase.default()
    >>> db["llanowar elves"].type_line
    'Creature — Elf Druid'
    >>> "Gaea\u2019s Cradle" in db
    True
    """

    def __init__(
        self,
        cards: Iterable[Card] = (),
        *,
        parent: CardDatabase | None = None,
        source: str | None = None,
    ) -> None:
        self._cards: dict[str, Card] = {}
        self._aliases: dict[str, str] = {}
        self._parsed: dict[str, Any] = {}
        self._parent = parent
        self.source = source
        """Where this layer's cards came from (a path, ``"embedded"``, ``"state"``), for messages."""
        for card in cards:
            self.add(card)

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def default(cls) -> CardDatabase:
        """A new database holding the embedded card set (``mtgasp/data/cards.yaml``).

        The embedded set is read once per process, and its parsed facts are cached once per
        process. Each call returns a fresh (empty) layer over it, so :meth:`add` on one database
        never changes another.
        """
        return cls(parent=_shared_embedded(), source="default")

    @classmethod
    def from_file(cls, path: str | Path, *, include_default: bool = True, format: str | None = None) -> CardDatabase:
        """Load a card file; with ``include_default`` the embedded set lies underneath it.

        ``format`` is one of ``"scryfall"``, ``"mtgjson"``, ``"jsonl"``, ``"yaml"``, ``"json"``
        (a JSON list of card records); by default it is detected from the content. Raises
        :class:`~mtgasp.errors.CardDataError` if the file cannot be read.
        """
        from .card_files import iter_card_file

        parent = _shared_embedded() if include_default else None
        db = cls(parent=parent, source=str(path))
        for card, aliases in iter_card_file(path, format=format):
            if db.find(card.name, local=True) is None:  # first record of a name wins
                db.add(card)
            for alias in aliases:
                db.add_alias(alias, card.name)
        return db

    def overlay(self, cards: Iterable[Card] = (), *, source: str | None = None) -> CardDatabase:
        """A child database that sees this one's cards and holds ``cards`` on top of them."""
        return CardDatabase(cards, parent=self, source=source)

    def add(self, card: Card) -> None:
        """Add ``card`` to this layer, replacing a card of the same name (here or below)."""
        key = name_key(card.name)
        self._cards[key] = card
        self._aliases.pop(key, None)
        self._parsed.pop(key, None)

    def add_alias(self, alias: str, name: str) -> None:
        """Let ``alias`` (e.g. a double-faced card's full ``"A // B"`` name) find card ``name``."""
        key = name_key(alias)
        if key not in self._cards:
            self._aliases[key] = name

    # -- lookup ---------------------------------------------------------------------------

    def find(self, name: str, *, local: bool = False) -> Card | None:
        """The card called ``name`` (tolerant lookup), or None. ``local``: this layer only."""
        key = name_key(name)
        db: CardDatabase | None = self
        while db is not None:
            card = db._cards.get(key)
            if card is not None:
                return card
            alias = db._aliases.get(key)
            if alias is not None:
                return self.find(alias)
            if local:
                return None
            db = db._parent
        return None

    def get(self, name: str) -> Card:
        """The card called ``name``; raises :class:`~mtgasp.errors.UnknownCardError` with suggestions."""
        card = self.find(name)
        if card is None:
            raise UnknownCardError(name, self.suggest(name))
        return card

    __getitem__ = get

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def _layers(self) -> Iterator[CardDatabase]:
        db: CardDatabase | None = self
        while db is not None:
            yield db
            db = db._parent

    def _visible(self) -> dict[str, Card]:
        merged: dict[str, Card] = {}
        for db in reversed(list(self._layers())):
            merged.update(db._cards)
        return merged

    def __iter__(self) -> Iterator[Card]:
        """Every visible card once (a layer's card hides a parent's card of the same name)."""
        return iter(sorted(self._visible().values(), key=lambda c: c.name))

    def __len__(self) -> int:
        return len(self._visible())

    def names(self) -> list[str]:
        """All visible card names, sorted."""
        return [card.name for card in self]

    def __repr__(self) -> str:
        layers = " over ".join(f"{db.source or 'cards'}({len(db._cards)})" for db in self._layers())
        return f"<CardDatabase {layers}>"

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` card names close to ``name`` (difflib), else names containing it."""
        visible = self._visible()
        keys: dict[str, str] = {key: card.name for key, card in visible.items()}
        for db in self._layers():
            for key, target in db._aliases.items():
                keys.setdefault(key, target)
        query = name_key(name)
        close = difflib.get_close_matches(query, list(keys), n=n, cutoff=0.6)
        if not close and query:
            words = set(query.split())
            contains = [k for k in keys if query in k or words <= set(k.split())]
            close = sorted(contains, key=lambda k: (len(k), k))[:n]
        out: list[str] = []
        for key in close:
            if keys[key] not in out:
                out.append(keys[key])
        return out

    # -- facts ----------------------------------------------------------------------------

    def parsed(self, name: str) -> Any:
        """The parser's result (a ``ParsedCard``) for the card called ``name``; parsed once, cached."""
        key = name_key(name)
        for db in self._layers():
            if key in db._cards:
                return db._parse_local(key)
            if key in db._aliases:
                return self.parsed(db._aliases[key])
        raise UnknownCardError(name, self.suggest(name))

    def _parse_local(self, key: str) -> Any:
        cached = self._parsed.get(key)
        if cached is None:
            from .parser import parse_card  # imported late: the parser is optional for loading

            card = self._cards[key]
            cached = parse_card(
                card.name,
                card.oracle_text,
                type_line=card.type_line,
                mana_cost=card.mana_cost,
                power=card.power,
                toughness=card.toughness,
                loyalty=card.loyalty,
                defense=card.defense,
                color_indicator=list(card.color_indicator) if card.color_indicator else None,
            )
            self._parsed[key] = cached
        return cached

    def facts(self, name: str) -> tuple[clingo.Symbol, ...]:
        """The parser's card facts for the card called ``name`` (docs/facts.md, "Card facts")."""
        return tuple(self.parsed(name).facts)


# ---------------------------------------------------------------------------------------------
# The embedded card set
# ---------------------------------------------------------------------------------------------


def _yaml_loader() -> type[yaml.SafeLoader]:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=1)
def _shared_embedded() -> CardDatabase:
    """The one database of the embedded set per process; never handed out, only layered under."""
    return CardDatabase(_embedded_cards(), source="embedded")


@lru_cache(maxsize=1)
def _embedded_cards() -> tuple[Card, ...]:
    import yaml

    from .card_files import _yaml_records

    text = resources.files(__package__).joinpath("data", _DEFAULT_RESOURCE).read_text(encoding="utf-8")
    return tuple(card for card, _ in _yaml_records(yaml.load(text, Loader=_yaml_loader()), "embedded cards.yaml"))
