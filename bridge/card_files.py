"""Card files: a Scryfall bulk file, MTGJSON ``AtomicCards.json``, JSON lines or a YAML card list,
read into :class:`~mtgasp.cards.Card` records with the extra names each may be looked up by.

Every file is read defensively (size, compression, encoding, nesting and field checks) so that a
bad file ends in one :class:`~mtgasp.errors.CardDataError` naming the place, never a traceback.
"""

from __future__ import annotations

import gzip
import json
import re
import stat
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .cards import MAX_CARD_FILE_BYTES, Card, _yaml_loader, card_values, excerpt
from .errors import CardDataError

__all__ = ["iter_card_file", "CardWithAliases", "SCRYFALL_SKIPPED_LAYOUTS", "SPLIT_LAYOUTS"]
# ---------------------------------------------------------------------------------------------
# Card files: Scryfall, MTGJSON, JSON lines, YAML
# ---------------------------------------------------------------------------------------------

#: Scryfall layouts that are not cards a game can hold (art cards, token and emblem definitions).
SCRYFALL_SKIPPED_LAYOUTS = frozenset({"art_series", "token", "double_faced_token", "emblem"})

#: Layouts whose halves are one card with two sets of characteristics (CR 709): the full
#: ``"A // B"`` name is a card of its own, composed from the halves, besides each half.
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})

CardWithAliases = tuple[Card, tuple[str, ...]]


def iter_card_file(path: str | Path, *, format: str | None = None, plain: bool = False) -> Iterator[CardWithAliases]:
    """Each card of a card file with the extra names it may be looked up by.

    Formats: ``scryfall`` (bulk ``oracle_cards``/``default_cards`` JSON array, or an API list
    object), ``mtgjson`` (``AtomicCards.json``: ``{"meta": .., "data": {name: [face, ..]}}``),
    ``jsonl`` (one record a line with the :data:`CARD_FIELDS` keys, e.g. the corpus's
    ``cards.jsonl``), ``json`` (a JSON array of such records), ``yaml`` (a list of such records, or
    a mapping with a ``cards:`` list, like the embedded set). ``.gz`` files are decompressed.

    With ``plain`` each card is a plain dict instead (:func:`mtgasp.cards.card_values`, its
    ``color_indicator`` a list or None), checked alike: what the corpus report reads, without
    a :class:`Card` object per record.
    """
    path = Path(path)
    source = excerpt(str(path), 200)[1:-1] if len(str(path)) > 200 else str(path)
    text = _read_card_text(path, source)
    stem_suffix = Path(path.stem).suffix if path.suffix == ".gz" else path.suffix
    fmt = format or _detect_format(text, stem_suffix.lower(), source)
    make = _record_plain if plain else _record_card
    if fmt == "yaml":
        import yaml  # here: reading a JSON card file (mtgasp corpus) never loads it

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
        yield from _yaml_records(data, source, make)
    elif fmt == "jsonl":
        yield from _jsonl_records(text, source, make)
    elif fmt in ("scryfall", "mtgjson", "json"):
        data = _json(text, source)
        if fmt in ("scryfall", "mtgjson"):
            # faces are composed from Card objects ("A // B"), then made plain if asked
            cards = _scryfall_records(data, source) if fmt == "scryfall" else _mtgjson_records(data, source)
            if plain:
                yield from ((_plain_of(card), aliases) for card, aliases in cards)
            else:
                yield from cards
        else:
            if not isinstance(data, list):
                raise CardDataError(f"{source}: expected a JSON array of card records")
            for i, record in enumerate(data):
                yield make(record, f"{source}: [{i}]"), ()
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
    return Card(**_record_values(record, where))


def _record_plain(record: object, where: str) -> dict[str, Any]:
    """A record's checked fields as a plain dict (``color_indicator`` a list or None)."""
    values = _record_values(record, where)
    if values["color_indicator"] is not None:
        values["color_indicator"] = list(values["color_indicator"])
    return values


def _plain_of(card: Card) -> dict[str, Any]:
    return {
        "name": card.name, "mana_cost": card.mana_cost, "type_line": card.type_line,
        "oracle_text": card.oracle_text, "power": card.power, "toughness": card.toughness,
        "loyalty": card.loyalty, "defense": card.defense,
        "color_indicator": list(card.color_indicator) if card.color_indicator else None,
    }


def _record_values(record: object, where: str) -> dict[str, Any]:
    if type(record) is not dict and not isinstance(record, Mapping):
        raise CardDataError(f"{where}: expected a card record (a mapping), got {type(record).__name__}")
    try:
        return card_values(record, where)
    except ValueError as exc:
        raise CardDataError(str(exc)) from None


def _yaml_records(data: object, source: str, make: Callable[[object, str], Any] = _record_card) -> Iterator[CardWithAliases]:
    if isinstance(data, Mapping) and "cards" in data:
        data = data["cards"]
    if not isinstance(data, list):
        raise CardDataError(f"{source}: expected a list of card records (or a mapping with a 'cards:' list)")
    for i, record in enumerate(data):
        yield make(record, f"{source}: cards[{i}]"), ()


#: JSON's own scanner of one value (what :func:`json.loads` calls after its checks)
_SCAN_VALUE = json.JSONDecoder().scan_once


def _jsonl_records(text: str, source: str, make: Callable[[object, str], Any] = _record_card) -> Iterator[CardWithAliases]:
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        line = line.rstrip("\r")
        # a line that is one JSON value from its first character to its last is read by the
        # scanner directly; any other (leading or trailing space, an error) as json.loads reads it
        try:
            record, end = _SCAN_VALUE(line, 0)
        except (StopIteration, ValueError, RecursionError):
            end = -1
        if end != len(line):
            record = _json(line, f"{source}:{lineno}", line=False)
        yield make(record, f"{source}:{lineno}: card"), ()


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
