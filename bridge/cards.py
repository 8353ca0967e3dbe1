"""The card database: card name → :class:`Card` (the Oracle fields) → the parser's facts.

A :class:`CardDatabase` maps names to frozen :class:`Card` records. Lookup is case-insensitive and
tolerant of curly apostrophes, accents and spacing (``"gaea’s cradle"`` finds ``Gaea's Cradle``);
a miss raises :class:`~mtgasp.errors.UnknownCardError` with close matches. Facts for a card come
from the parser (:func:`mtgasp.parser.parse_card`), parsed lazily and cached.

Sources:

* :meth:`CardDatabase.default` — the embedded card set ``data/cards.yaml`` (real Oracle text of the
  cards the seeds and the classic interactions need), so mtgasp works with no download;
* :meth:`CardDatabase.from_file` — a Scryfall bulk ``oracle_cards`` JSON file, an MTGJSON
  ``AtomicCards.json``, JSON lines (one card record a line), or a YAML card list in the format of
  the embedded set; by default layered over the embedded set (the file's cards win).

Databases layer: :meth:`CardDatabase.overlay` makes a child that sees its parent's cards, may add
or replace cards of its own (a state file's ``cards:`` section), and never changes the parent.
"""

from __future__ import annotations

import difflib
import gzip
import io
import json
import re
import stat
import unicodedata
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import KW_ONLY, dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .errors import CardDataError, UnknownCardError

if TYPE_CHECKING:  # pragma: no cover - typing only
    import clingo

__all__ = [
    "COLOR_LETTERS",
    "Card",
    "CardDatabase",
    "iter_card_file",
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


def _bad_char(text: str, multiline: bool) -> tuple[int, str] | None:
    """The first character a card field may not hold: a control character (other than a line
    break in Oracle text) or a lone surrogate (not a character at all: it cannot be encoded)."""
    for i, ch in enumerate(text):
        if ch == "\n" and multiline:
            continue
        cat = unicodedata.category(ch)
        if cat == "Cc" or cat == "Cs" or ch in "\u2028\u2029":
            return i, f"U+{ord(ch):04X}"
    return None


def check_text(value: str, where: str, *, multiline: bool = False, limit: int = 300) -> None:
    """Raise :class:`ValueError` naming ``where`` if ``value`` is too long or holds a control
    character or a lone surrogate."""
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
        values: dict[str, Any] = {}
        for key in ("mana_cost", "oracle_text"):
            value = record.get(key)
            if value is None:
                value = ""
            if not isinstance(value, str):
                raise ValueError(f"{where}.{key}: expected a string, got {excerpt(value)}")
            check_text(value, f"{where}.{key}", multiline=key == "oracle_text", limit=MAX_FIELD_CHARS[key])
            values[key] = value
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
        return cls(name, type_line=type_line, **values)

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
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=1)
def _shared_embedded() -> CardDatabase:
    """The one database of the embedded set per process; never handed out, only layered under."""
    return CardDatabase(_embedded_cards(), source="embedded")


@lru_cache(maxsize=1)
def _embedded_cards() -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("data", _DEFAULT_RESOURCE).read_text(encoding="utf-8")
    return tuple(card for card, _ in _yaml_records(yaml.load(text, Loader=_yaml_loader()), "embedded cards.yaml"))


# ---------------------------------------------------------------------------------------------
# Card files: Scryfall, MTGJSON, JSON lines, YAML
# ---------------------------------------------------------------------------------------------

#: Scryfall layouts that are not cards a game can hold (art cards, token and emblem definitions).
SCRYFALL_SKIPPED_LAYOUTS = frozenset({"art_series", "token", "double_faced_token", "emblem"})

#: Layouts whose halves are one card with two sets of characteristics (CR 709): the full
#: ``"A // B"`` name is a card of its own, composed from the halves, besides each half.
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})

CardWithAliases = tuple[Card, tuple[str, ...]]


def iter_card_file(path: str | Path, *, format: str | None = None) -> Iterator[CardWithAliases]:
    """Each card of a card file with the extra names it may be looked up by.

    Formats: ``scryfall`` (bulk ``oracle_cards``/``default_cards`` JSON array, or an API list
    object), ``mtgjson`` (``AtomicCards.json``: ``{"meta": .., "data": {name: [face, ..]}}``),
    ``jsonl`` (one record a line with the :data:`CARD_FIELDS` keys, e.g. the corpus's
    ``cards.jsonl``), ``json`` (a JSON array of such records), ``yaml`` (a list of such records, or
    a mapping with a ``cards:`` list, like the embedded set). ``.gz`` files are decompressed.
    """
    path = Path(path)
    source = excerpt(str(path), 200)[1:-1] if len(str(path)) > 200 else str(path)
    text = _read_card_text(path, source)
    stem_suffix = Path(path.stem).suffix if path.suffix == ".gz" else path.suffix
    fmt = format or _detect_format(text, stem_suffix.lower(), source)
    if fmt == "yaml":
        try:
            data = yaml.load(text, Loader=_yaml_loader())
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = " ".join(str(getattr(exc, "problem", None) or exc).split())[:200]
            raise CardDataError(f"{source}: YAML syntax error{where}: {problem}") from None
        except RecursionError:
            raise CardDataError(f"{source}: the YAML is nested too deeply to be a card file") from None
        except (ValueError, OverflowError) as exc:  # e.g. '!!int word', a 5,000-digit number
            raise CardDataError(f"{source}: a YAML value cannot be read: {excerpt(str(exc), 120)[1:-1]}") from None
        yield from _yaml_records(data, source)
    elif fmt == "jsonl":
        yield from _jsonl_records(text, source)
    elif fmt in ("scryfall", "mtgjson", "json"):
        data = _json(text, source)
        if fmt == "scryfall":
            yield from _scryfall_records(data, source)
        elif fmt == "mtgjson":
            yield from _mtgjson_records(data, source)
        else:
            if not isinstance(data, list):
                raise CardDataError(f"{source}: expected a JSON array of card records")
            for i, record in enumerate(data):
                yield _record_card(record, f"{source}: [{i}]"), ()
    else:
        raise CardDataError(
            f"{source}: unknown card file format {fmt!r}; expected one of scryfall, mtgjson, jsonl, json, yaml"
        )


def _read_card_text(path: Path, source: str) -> str:
    """The text of a card file: a regular file (``.gz``: gzip) of at most
    :data:`MAX_CARD_FILE_BYTES` (decompressed), in UTF-8."""
    try:
        info = path.stat()
    except OSError as exc:
        raise CardDataError(f"{source}: cannot read the card file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "not a regular file"
        raise CardDataError(f"{source}: cannot read the card file: it is {kind}; card data is read from a regular file")
    limit = MAX_CARD_FILE_BYTES
    too_big = f"{source}: the card file is larger than {limit // 2**20} MB{{}}; split it or keep the cards needed"
    try:
        with open(path, "rb") as f:
            if path.suffix == ".gz":
                try:
                    with gzip.GzipFile(fileobj=f) as gz:
                        raw = gz.read(limit + 1)
                except (OSError, EOFError, zlib.error) as exc:
                    what = "it ends before the end of its compressed data (truncated?)" if isinstance(exc, EOFError) else str(exc)
                    raise CardDataError(f"{source}: not a gzip file: {what[:200]}") from None
                if len(raw) > limit:
                    raise CardDataError(too_big.format(" once decompressed"))
            else:
                raw = f.read(limit + 1)
                if len(raw) > limit:
                    raise CardDataError(too_big.format(""))
    except OSError as exc:
        raise CardDataError(f"{source}: cannot read the card file: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{source}: not UTF-8 text (byte {exc.start})") from None


def _json(text: str, where: str, *, line: bool = True) -> Any:
    """``text`` parsed as JSON, or a one-paragraph :class:`CardDataError` naming ``where``
    (and the line of the error when ``line``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno}, column {exc.colno}" if line else f"column {exc.colno}"
        raise CardDataError(f"{where}: JSON syntax error at {at}: {exc.msg}") from None
    except RecursionError:
        raise CardDataError(f"{where}: the JSON is nested too deeply to be card data") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise CardDataError(f"{where}: a JSON value cannot be read: {excerpt(str(exc), 120)[1:-1]}") from None


def _detect_format(text: str, suffix: str, source: str) -> str:
    if suffix in (".yaml", ".yml"):
        return "yaml"
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    head = text.lstrip()[:1]
    if head == "[":
        # A JSON array: Scryfall card objects carry "object": "card" (and layout, oracle_id).
        probe = text.lstrip()[:4000]
        if '"object"' in probe or '"oracle_id"' in probe or '"layout"' in probe:
            return "scryfall"
        return "json"
    if head == "{":
        first_line = text.lstrip().split("\n", 1)[0]
        try:
            first = json.loads(first_line)
        except (ValueError, RecursionError):
            first = None
        if isinstance(first, dict) and "name" in first:
            return "jsonl"
        probe = text.lstrip()[:4000]
        if '"meta"' in probe or re.search(r'"data"\s*:\s*\{', probe):
            return "mtgjson"
        if '"object"' in probe:
            return "scryfall"
        return "mtgjson"
    raise CardDataError(
        f"{source}: cannot tell the card file format (expected a Scryfall or MTGJSON JSON file, "
        "JSON lines, or a .yaml card list); pass format= to say which"
    )


def _record_card(record: object, where: str) -> Card:
    if not isinstance(record, Mapping):
        raise CardDataError(f"{where}: expected a card record (a mapping), got {type(record).__name__}")
    try:
        return Card.from_record(record, where=where)
    except ValueError as exc:
        raise CardDataError(str(exc)) from None


def _yaml_records(data: object, source: str) -> Iterator[CardWithAliases]:
    if isinstance(data, Mapping) and "cards" in data:
        data = data["cards"]
    if not isinstance(data, list):
        raise CardDataError(f"{source}: expected a list of card records (or a mapping with a 'cards:' list)")
    for i, record in enumerate(data):
        yield _record_card(record, f"{source}: cards[{i}]"), ()


def _jsonl_records(text: str, source: str) -> Iterator[CardWithAliases]:
    for lineno, line in enumerate(io.StringIO(text), start=1):
        if not line.strip():
            continue
        record = _json(line.rstrip("\r\n"), f"{source}:{lineno}", line=False)
        yield _record_card(record, f"{source}:{lineno}: card"), ()


def _compose_split(name: str, faces: list[Card]) -> Card:
    """The whole split card ``A // B``: each field is the halves' fields joined by `` // ``."""
    return Card(
        name,
        type_line=" // ".join(f.type_line for f in faces),
        mana_cost=" // ".join(f.mana_cost for f in faces),
        oracle_text="\n//\n".join(f.oracle_text for f in faces),
    )


def _scryfall_records(data: object, source: str) -> Iterator[CardWithAliases]:
    if isinstance(data, Mapping) and data.get("object") == "list":
        data = data.get("data")
    elif isinstance(data, Mapping) and data.get("object") == "card":
        data = [data]
    if not isinstance(data, list):
        raise CardDataError(f"{source}: expected a Scryfall JSON array of card objects")
    for i, obj in enumerate(data):
        where = f"{source}: [{i}]"
        if not isinstance(obj, Mapping):
            raise CardDataError(f"{where}: expected a Scryfall card object, got {type(obj).__name__}")
        if obj.get("layout") in SCRYFALL_SKIPPED_LAYOUTS:
            continue
        faces = obj.get("card_faces")
        full = obj.get("name")
        if isinstance(faces, list) and faces:
            cards = []
            for j, face in enumerate(faces):
                if not isinstance(face, Mapping):
                    raise CardDataError(f"{where}.card_faces[{j}]: expected a card face object")
                record = dict(face)
                # A face without a type line (rare) takes the card's; never for a "A // B" line.
                if record.get("type_line") is None and " // " not in str(obj.get("type_line", " // ")):
                    record["type_line"] = obj["type_line"]
                cards.append(_record_card(record, f"{where}.card_faces[{j}]"))
            if obj.get("layout") in SPLIT_LAYOUTS and isinstance(full, str):
                yield _compose_split(full, cards), ()
                for card in cards:
                    yield card, ()
            else:
                yield cards[0], ((full,) if isinstance(full, str) and full != cards[0].name else ())
                for card in cards[1:]:
                    yield card, ()
        else:
            yield _record_card(obj, where), ()


def _mtgjson_type_line(entry: Mapping[str, Any]) -> str | None:
    """A type line from MTGJSON's supertypes/types/subtypes lists, "Time" + "Lord" joined."""
    from .parser.typeline import split_subtypes

    if not entry.get("types"):
        return None
    joined = split_subtypes(" ".join(str(x) for x in entry.get("subtypes") or []))
    left = " ".join([str(x) for x in entry.get("supertypes") or []] + [str(x) for x in entry.get("types") or []])
    return f"{left} — {' '.join(joined)}" if joined else left


def _mtgjson_records(data: object, source: str) -> Iterator[CardWithAliases]:
    if not isinstance(data, Mapping) or not isinstance(data.get("data"), Mapping):
        raise CardDataError(
            f'{source}: expected an MTGJSON AtomicCards file: {{"meta": ..., "data": {{name: [card, ...]}}}}'
        )
    for full, entries in data["data"].items():
        where = f"{source}: data[{excerpt(full)}]"
        if not isinstance(entries, list):
            raise CardDataError(f"{where}: expected a list of card objects")
        faces: list[Card] = []
        layout = None
        seen: set[str] = set()
        for j, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                raise CardDataError(f"{where}[{j}]: expected a card object")
            layout = layout or entry.get("layout")
            face_name = entry.get("faceName") or entry.get("name") or full
            if face_name in seen:
                continue  # a second variant of the same face: the first wins
            seen.add(face_name)
            # MTGJSON splits the type line into types/subtypes (losing "Time Lord" as one
            # subtype); its "type" field is the intact type line, so use that, and rebuild it
            # from the parts (joining the multi-word subtypes) only when it is missing.
            record = {
                "name": face_name,
                "mana_cost": entry.get("manaCost"),
                "type_line": entry.get("type") or _mtgjson_type_line(entry),
                "oracle_text": entry.get("text"),
                "power": entry.get("power"),
                "toughness": entry.get("toughness"),
                "loyalty": entry.get("loyalty"),
                "defense": entry.get("defense"),
                "color_indicator": entry.get("colorIndicator"),
            }
            faces.append(_record_card(record, f"{where}[{j}]"))
        if not faces:
            continue
        if len(faces) > 1 and layout in SPLIT_LAYOUTS:
            yield _compose_split(full, faces), ()
            yield from ((face, ()) for face in faces)
        else:
            yield faces[0], ((full,) if full != faces[0].name else ())
            yield from ((face, ()) for face in faces[1:])
