"""Rulings as data: read ruling cases from YAML files (docs/rulings-format.md).

A case file holds cases, each an official ruling (its text and source, the CR rules it concerns)
with one or more game states and the queries to ask about them, each with the exact expected
answer. This module only reads and validates the files; :mod:`mtgasp.verify` runs the cases.
Bad input raises :class:`RulingFormatError` naming the file, the case and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import EngineError
from .terms import MANA_TYPES, Mana

__all__ = ["QUERY_KINDS", "Case", "Check", "Ruling", "RulingFormatError", "load_cases", "parse_mana"]

# Query kind -> (the Engine method that answers it, the keys a check of that kind may have as
# arguments, the keys it may have as expectations). Kinds whose method the Engine lacks are
# reported "unsupported" by verify, with the reason, until it has them.
QUERY_KINDS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "could-produce": ("could_produce", ("object",), ("types",)),
    "tap": (
        "tap",
        ("object", "player"),
        ("adds", "outcomes", "cannot", "rules_include", "notes", "unsupported_notes", "results"),
    ),
    "orders": ("orders", ("object", "ability", "limit"), ("distinct", "total_orders", "chooser")),
    "abilities": ("mana_abilities", ("player", "object"), ("abilities",)),
    "pools": ("pools", ("player", "limit"), ("pools", "maximal", "total")),
    "check": ("check", (), ("violations", "unmodelled")),
    # Game steps (docs/engine-v2.md, section 5): matched against the result's JSON document.
    "apply": ("apply", ("action",), ("successors", "fired", "not_modelled")),
    "play": ("play", ("line",), ("successors", "fired", "not_modelled")),
    "actions": ("actions", (), ("actions",)),
    "characteristics": ("characteristics", ("object",), ("characteristics",)),
}
_CASE_KEYS = ("name", "ruling", "rules", "state", "states", "checks", "requires", "unsupported_today", "note")
_RULING_KEYS = ("card", "date", "text", "source")
_CR = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
_NAME = re.compile(r"^[a-z0-9][a-z0-9_]*$")


class RulingFormatError(EngineError, ValueError):
    """A ruling case file is malformed: names the file, the case and the field."""


@dataclass(frozen=True)
class Ruling:
    """Where a case comes from: a card's ruling (Gatherer), a seed document, or the CR itself."""

    text: str
    source: str
    """``gatherer``, ``seed:<file name>`` or ``cr``."""
    card: str | None = None
    date: str | None = None


@dataclass(frozen=True)
class Check:
    """One query on one of the case's states, with the exact expected answer."""

    kind: str
    state: str
    """The name of the state it asks about (``default`` for a case's single ``state``)."""
    args: Mapping[str, Any]
    expect: Mapping[str, Any]

    @property
    def method(self) -> str:
        return QUERY_KINDS[self.kind][0]

    def describe(self) -> str:
        args = " ".join(f"{v}" if k in ("object", "action") else f"{k}={v}" for k, v in self.args.items())
        where = "" if self.state == "default" else f" [{self.state}]"
        return f"{self.kind} {args}".strip() + where


@dataclass(frozen=True)
class Case:
    """A ruling, the states it speaks of, and what every query must answer."""

    file: Path
    name: str
    ruling: Ruling
    rules: tuple[str, ...]
    states: Mapping[str, Any]
    """State name -> a state document (a mapping) or the path of a state file."""
    checks: tuple[Check, ...]
    cards: tuple[Mapping[str, Any], ...] = ()
    """Cards defined by the file (``cards:``), added to each state that names them."""
    requires: tuple[tuple[str, int | None], ...] = ()
    """(card, ability number or None): text the case needs the parser to support."""
    unsupported_today: str | None = None
    """The reason verify gives today for not running the case (the test asserts it)."""
    note: str = ""

    @property
    def id(self) -> str:
        return self.name


@dataclass
class _Reader:
    file: Path
    case: str = ""
    names: set[str] = field(default_factory=set)

    def fail(self, where: str, problem: str) -> RulingFormatError:
        case = f" case '{self.case}'" if self.case else ""
        return RulingFormatError(f"{self.file}:{case} field '{where}': {problem}")

    def mapping(self, value: object, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected a mapping, got {type(value).__name__}")
        return value

    def sequence(self, value: object, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {type(value).__name__}")
        return value

    def keys(self, data: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
        allowed = tuple(allowed)
        extra = sorted(str(k) for k in data if k not in allowed)
        if extra:
            raise self.fail(f"{where}.{extra[0]}" if where else extra[0], f"unknown key; expected one of: {', '.join(allowed)}")

    def text(self, value: object, where: str) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, "expected a non-empty string")
        return value

    def read_file(self) -> list[Case]:
        try:
            data = yaml.safe_load(self.file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise RulingFormatError(f"{self.file}: cannot read the file: {e}") from None
        except yaml.YAMLError as e:
            raise RulingFormatError(f"{self.file}: not valid YAML: {str(e).splitlines()[0]}") from None
        top = self.mapping(data, "(file)")
        self.keys(top, ("cases", "cards", "note"), "")
        cards = tuple(self.mapping(c, f"cards[{i}]") for i, c in enumerate(self.sequence(top.get("cards", []), "cards")))
        for i, c in enumerate(cards):
            self.keys(c, ("name", "type_line", "oracle_text", "mana_cost", "power", "toughness", "loyalty", "defense"), f"cards[{i}]")
            self.text(c.get("name"), f"cards[{i}].name")
        cases = self.sequence(top.get("cases"), "cases")
        return [self.read_case(c, i, cards) for i, c in enumerate(cases)]

    def read_case(self, raw: object, index: int, cards: tuple[Mapping[str, Any], ...]) -> Case:
        self.case = ""
        data = self.mapping(raw, f"cases[{index}]")
        name = self.text(data.get("name"), f"cases[{index}].name")
        self.case = name
        if not _NAME.match(name):
            raise self.fail("name", "expected lower-case words joined by '_' (it names the test)")
        if name in self.names:
            raise self.fail("name", "two cases of the file have this name")
        self.names.add(name)
        self.keys(data, _CASE_KEYS, "")
        ruling = self.read_ruling(data.get("ruling"))
        rules = tuple(self.sequence(data.get("rules", []), "rules"))
        for i, r in enumerate(rules):
            if not isinstance(r, str):
                raise self.fail(f"rules[{i}]", f"quote CR numbers ('{r}'): unquoted, 106.10 would read as the number 106.1")
            if not _CR.match(r):
                raise self.fail(f"rules[{i}]", f"expected a CR number like 106.7 or 616.1e, got {r!r}")
        if ("state" in data) == ("states" in data):
            raise self.fail("state", "expected exactly one of 'state' (one state) or 'states' (named states)")
        if "state" in data:
            states = {"default": self.read_state(data["state"], "state")}
        else:
            states = {
                str(k): self.read_state(v, f"states.{k}") for k, v in self.mapping(data["states"], "states").items()
            }
        checks = tuple(self.read_check(c, i, states) for i, c in enumerate(self.sequence(data.get("checks"), "checks")))
        if not checks:
            raise self.fail("checks", "expected at least one check")
        requires = []
        for i, r in enumerate(self.sequence(data.get("requires", []), "requires")):
            r = self.mapping(r, f"requires[{i}]")
            self.keys(r, ("card", "ability"), f"requires[{i}]")
            ab = r.get("ability")
            if ab is not None and (not isinstance(ab, int) or isinstance(ab, bool) or ab < 1):
                raise self.fail(f"requires[{i}].ability", "expected the ability's number on the card (1, 2, ...)")
            requires.append((self.text(r.get("card"), f"requires[{i}].card"), ab))
        unsupported = data.get("unsupported_today")
        if unsupported is not None:
            unsupported = self.text(unsupported, "unsupported_today")
        return Case(
            file=self.file,
            name=name,
            ruling=ruling,
            rules=rules,
            states=states,
            checks=checks,
            cards=cards,
            requires=tuple(requires),
            unsupported_today=unsupported,
            note=str(data.get("note", "")),
        )

    def read_ruling(self, raw: object) -> Ruling:
        data = self.mapping(raw, "ruling")
        self.keys(data, _RULING_KEYS, "ruling")
        source = self.text(data.get("source"), "ruling.source")
        if source not in ("gatherer", "cr") and not source.startswith("seed:"):
            raise self.fail("ruling.source", f"expected 'gatherer', 'cr' or 'seed:<file>', got {source!r}")
        card = data.get("card")
        date = data.get("date")
        if source == "gatherer" and (card is None or date is None):
            raise self.fail("ruling", "a Gatherer ruling needs its 'card' and 'date'")
        return Ruling(
            text=" ".join(self.text(data.get("text"), "ruling.text").split()),
            source=source,
            card=None if card is None else self.text(card, "ruling.card"),
            date=None if date is None else str(date),
        )

    def read_state(self, raw: object, where: str) -> Any:
        if isinstance(raw, str):
            path = (self.file.parent / raw).resolve()
            if not path.is_file():
                raise self.fail(where, f"expected a state document or the path of a state file; no file {path}")
            return path
        return self.mapping(raw, where)

    def read_check(self, raw: object, index: int, states: Mapping[str, Any]) -> Check:
        where = f"checks[{index}]"
        data = self.mapping(raw, where)
        kind = data.get("query")
        if kind not in QUERY_KINDS:
            raise self.fail(f"{where}.query", f"expected one of: {', '.join(QUERY_KINDS)}; got {kind!r}")
        _method, arg_keys, expect_keys = QUERY_KINDS[kind]
        self.keys(data, ("query", "state", *arg_keys, *expect_keys), where)
        state = str(data.get("state", "default"))
        if state not in states:
            raise self.fail(f"{where}.state", f"no state named {state!r}; the case has: {', '.join(states)}")
        expect = {k: data[k] for k in expect_keys if k in data}
        if not expect:
            raise self.fail(where, f"expected at least one expectation: {', '.join(expect_keys)}")
        if kind in ("could-produce", "tap", "orders", "characteristics") and "object" not in data:
            raise self.fail(f"{where}.object", f"a '{kind}' check names the object it asks about")
        for key in ("adds", "pools", "maximal"):
            if key in expect:
                expect[key] = [parse_mana(m, self, f"{where}.{key}[{i}]") for i, m in enumerate(self.sequence(expect[key], f"{where}.{key}"))]
        if "types" in expect:
            types = [str(t).upper() for t in self.sequence(expect["types"], f"{where}.types")]
            bad = [t for t in types if t not in MANA_TYPES]
            if bad:
                raise self.fail(f"{where}.types", f"expected mana types among W U B R G C, got {bad[0]!r}")
            expect["types"] = types
        return Check(kind, state, {k: data[k] for k in arg_keys if k in data}, expect)


_SYMBOL = re.compile(r"\{([WUBRGC])\}(?:x(\d+))?")


def parse_mana(value: object, reader: _Reader | None = None, where: str = "mana") -> Mana:
    """``"{G}{G}"``, ``"{C}x16"``, ``"no mana"`` or ``{G: 2}`` → a :class:`Mana`."""
    if isinstance(value, Mana):
        return value
    if isinstance(value, Mapping):
        try:
            return Mana(**{str(k).upper(): int(v) for k, v in value.items()})
        except (TypeError, ValueError):
            pass
    elif isinstance(value, str):
        text = value.replace(" ", "")
        if text in ("", "nomana", "{}"):
            return Mana()
        amounts = dict.fromkeys(MANA_TYPES, 0)
        pos = 0
        for m in _SYMBOL.finditer(text):
            if m.start() != pos:
                break
            amounts[m.group(1)] += int(m.group(2) or 1)
            pos = m.end()
        if pos == len(text):
            return Mana(**amounts)
    problem = f"expected mana like '{{G}}{{G}}', '{{C}}x16', 'no mana' or {{G: 2}}, got {value!r}"
    if reader is not None:
        raise reader.fail(where, problem)
    raise ValueError(problem)


def load_cases(path: str | Path) -> list[Case]:
    """Every case of a ``.yaml`` file, or of every ``.yaml``/``.yml`` file under a directory
    (sorted by path). Raises :class:`RulingFormatError` on a malformed file."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        files = [p for p in files if "states" not in p.relative_to(path).parts]
    elif path.is_file():
        files = [path]
    else:
        raise RulingFormatError(f"{path}: no such file or directory (expected a ruling case file or a directory of them)")
    cases: list[Case] = []
    for f in files:
        cases.extend(_Reader(f).read_file())
    return cases
