"""The card database: Card records, tolerant lookup, suggestions, layering, lazy parsing."""

from __future__ import annotations

import importlib
import types

import pytest

from mtgasp import cards as cards_module
from mtgasp.cards import Card, CardDatabase, name_key, normalize_color_indicator
from mtgasp.errors import UnknownCardError

BEARS = Card("Grizzly Bears", mana_cost="{1}{G}", type_line="Creature — Bear", power="2", toughness="2")


# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written",
    ["Gaea's Cradle", "gaea's cradle", "GAEA\u2019S CRADLE", "Gaea\u2018s  Cradle ", "gaea`s cradle"],
)
def test_lookup_ignores_case_apostrophes_and_spacing(written: str) -> None:
    assert CardDatabase.default()[written].name == "Gaea's Cradle"


def test_name_key_folds_accents_and_ligatures() -> None:
    assert name_key("Lim-D\u00fbl's Vault") == name_key("lim-dul's vault")
    assert name_key("\u00c6therize") == "aetherize"


def test_unknown_card_suggests_close_names() -> None:
    db = CardDatabase.default()
    with pytest.raises(UnknownCardError) as info:
        db.get("Reflectin Pool")
    assert info.value.suggestions == ["Reflecting Pool", "Mana Reflection"]
    assert str(info.value) == "unknown card 'Reflectin Pool'. Did you mean 'Reflecting Pool', 'Mana Reflection'?"


@pytest.mark.parametrize(
    ("written", "suggestions"),
    [
        ("Bolt", ["Lightning Bolt"]),
        ("Master Multiplied", ["The Master, Multiplied"]),
        ("llanowar elf", ["Llanowar Elves"]),
        ("Zzzyzx", []),
    ],
)
def test_suggestions(written: str, suggestions: list[str]) -> None:
    assert CardDatabase.default().suggest(written) == suggestions


def test_unknown_card_without_suggestions() -> None:
    with pytest.raises(UnknownCardError, match=r"^unknown card 'Zzzyzx'\.$"):
        CardDatabase.default()["Zzzyzx"]


# ---------------------------------------------------------------------------------------------
# Card records
# ---------------------------------------------------------------------------------------------


def test_card_from_record_ignores_extra_fields_and_stringifies_numbers() -> None:
    card = Card.from_record(
        {
            "name": "Grizzly Bears",
            "mana_cost": "{1}{G}",
            "type_line": "Creature — Bear",
            "power": 2,
            "toughness": "2",
            "oracle_text": None,
            "color_identity": ["G"],
            "sets": ["LEA"],
        }
    )
    assert card == BEARS
    assert card.to_record() == {
        "name": "Grizzly Bears",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "power": "2",
        "toughness": "2",
    }
    assert Card.from_record(card.to_record()) == card


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"type_line": "Land"}, "card.name: expected a card name (a non-empty string), got None"),
        ({"name": "X"}, "card.type_line: expected a type line such as 'Creature — Elf Druid', got None"),
        ({"name": "X", "type_line": "Land", "oracle_text": 3}, "card.oracle_text: expected a string, got 3"),
        (
            {"name": "X", "type_line": "Land", "mana_cost": "2G"},
            "card.mana_cost: expected a mana cost in {..} notation such as '{1}{G}', got '2G'",
        ),
        (
            {"name": "X", "type_line": "Land", "power": True},
            "card.power: expected a number or a string such as '*', got True",
        ),
        (
            {"name": "X", "type_line": "Land", "color_indicator": ["G", "pink"]},
            "card.color_indicator: expected colors among W, U, B, R, G (or white, blue, black, red, green), got 'pink'",
        ),
    ],
)
def test_card_from_record_rejects_bad_fields(record: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.from_record(record)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("value", "letters"),
    [
        (None, None),
        ([], None),
        ("Green Red", ("R", "G")),
        (["G", "W"], ("W", "G")),
        (["green", "blue"], ("U", "G")),
        ("UR", ("U", "R")),
        ("white", ("W",)),
        ("g", ("G",)),
    ],
)
def test_color_indicator_forms(value: object, letters: tuple[str, ...] | None) -> None:
    assert normalize_color_indicator(value) == letters


def test_cards_are_frozen_and_hashable() -> None:
    with pytest.raises(AttributeError):
        BEARS.name = "x"  # type: ignore[misc]
    assert len({BEARS, Card.from_record(BEARS.to_record())}) == 1


# ---------------------------------------------------------------------------------------------
# The database: layers, add, iteration
# ---------------------------------------------------------------------------------------------


def test_default_returns_independent_databases() -> None:
    one, two = CardDatabase.default(), CardDatabase.default()
    one.add(Card("Test Land", type_line="Land"))
    assert "test land" in one
    assert "Test Land" not in two


def test_add_replaces_a_card_of_the_same_name() -> None:
    db = CardDatabase.default()
    before = len(db)
    db.add(Card("forest", type_line="Land", oracle_text="{T}: Add {G}{G}."))
    assert db["Forest"].oracle_text == "{T}: Add {G}{G}."
    assert len(db) == before


def test_overlay_sees_the_parent_and_never_changes_it() -> None:
    base = CardDatabase([BEARS])
    top = base.overlay([Card("Test Land", type_line="Land"), Card("Grizzly Bears", type_line="Creature — Bear Spirit")])
    assert top["Test Land"].type_line == "Land"
    assert top["Grizzly Bears"].type_line == "Creature — Bear Spirit"
    assert base["Grizzly Bears"] == BEARS
    assert "Test Land" not in base
    assert top.names() == ["Grizzly Bears", "Test Land"]
    assert len(top) == 2
    assert top.find("Test Land", local=True) is not None
    assert top.find("Lightning Bolt") is None


def test_iteration_is_sorted_by_name() -> None:
    db = CardDatabase([Card("b", type_line="Land"), Card("A", type_line="Land")])
    assert [c.name for c in db] == ["A", "b"]
    assert repr(db.overlay([], source="state")) == "<CardDatabase state(0) over cards(2)>"


def test_aliases_find_the_card_and_appear_in_suggestions() -> None:
    db = CardDatabase([Card("Delver of Secrets", type_line="Creature — Human Wizard")])
    db.add_alias("Delver of Secrets // Insectile Aberration", "Delver of Secrets")
    assert db["delver of secrets // insectile aberration"].name == "Delver of Secrets"
    assert db.suggest("Delver of Secrets // Insectile Aberation") == ["Delver of Secrets"]


# ---------------------------------------------------------------------------------------------
# Facts: parsed lazily, once, with every field passed to the parser
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def fake_parser(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, object]]]:
    """Replace parse_card with a recorder so these tests don't depend on the parser's output."""
    import clingo

    calls: list[tuple[str, dict[str, object]]] = []
    module = importlib.import_module("mtgasp.parser")

    def parse_card(name: str, oracle_text: str, **fields: object) -> types.SimpleNamespace:
        calls.append((name, {"oracle_text": oracle_text, **fields}))
        return types.SimpleNamespace(facts=(clingo.Function("card", [clingo.Function("card", [clingo.String(name)])]),))

    monkeypatch.setattr(module, "parse_card", parse_card, raising=False)
    # The embedded set's parse cache is per process: give these tests an empty one, restored after.
    monkeypatch.setattr(cards_module._shared_embedded(), "_parsed", {})
    return calls


def test_facts_pass_every_field_to_the_parser(fake_parser: list[tuple[str, dict[str, object]]]) -> None:
    db = CardDatabase.default()
    assert [str(f) for f in db.facts("invasion of kaladesh")] == ['card(card("Invasion of Kaladesh"))']
    assert fake_parser == [
        (
            "Invasion of Kaladesh",
            {
                "oracle_text": db["Invasion of Kaladesh"].oracle_text,
                "type_line": "Battle — Siege",
                "mana_cost": "{U}{R}",
                "power": None,
                "toughness": None,
                "loyalty": None,
                "defense": "4",
                "color_indicator": None,
            },
        )
    ]


def test_facts_are_cached_and_shared_with_overlays(fake_parser: list[tuple[str, dict[str, object]]]) -> None:
    base = CardDatabase([BEARS])
    base.facts("Grizzly Bears")
    base.overlay([Card("Test Land", type_line="Land")]).facts("grizzly bears")
    assert [name for name, _ in fake_parser] == ["Grizzly Bears"]
    base.add(Card("Grizzly Bears", type_line="Creature — Bear"))
    base.facts("Grizzly Bears")
    assert len(fake_parser) == 2  # replacing a card drops its cached facts


def test_facts_of_an_unknown_card(fake_parser: list[tuple[str, dict[str, object]]]) -> None:
    with pytest.raises(UnknownCardError):
        CardDatabase([BEARS]).facts("Grizzly Bear Cub")
    assert fake_parser == []


def test_facts_from_the_real_parser() -> None:
    parser = importlib.import_module("mtgasp.parser")
    if not hasattr(parser, "parse_card"):
        pytest.skip("the parser has not landed yet")
    facts = {str(f) for f in CardDatabase.default().facts("Llanowar Elves")}
    assert 'card(card("Llanowar Elves"))' in facts
