"""A card record's checks in one look (``mtgasp.cards.card_values``) against the same checks
field by field (``_checked_values``, which names the first bad field): the same values for every
good record and the same error for every bad one, over every combination of good and bad field
values below (each bad value is one the field-by-field checks refuse, for a reason of its own)."""

from __future__ import annotations

import itertools

import pytest

from mtgasp.cards import _checked_values, card_values

NAMES = ["Llanowar Elves", "Fire // Ice", "", "   ", None, 3, "Bad\tName", "Bad\nName", "x" * 301,
         "Lone \ud800 surrogate", "Line\u2028sep"]
TYPE_LINES = ["Creature — Elf Druid", "", None, ["Creature"], "Tab\there", "x" * 301]
MANA_COSTS = ["{G}", "", None, "{1}{G} // {U}", "G", "{G}\t", "{" * 201, 5]
TEXTS = ["{T}: Add {G}.", "", None, "Line one.\nLine two.", "Tab\tin text", "x" * 5001, "\x00",
         "\u2029"]
NUMBERS = [None, "2", 2, "*", "1+*", True, 10**20, "x" * 21, "\t", 1.5, "\n"]
COLORS = [None, "Green Red", ["G"], [], "purple", 7]


def _outcome(check, record):
    try:
        return "ok", check(record, "card")
    except ValueError as exc:
        return "error", str(exc)


def _records():
    for name, type_line, mana_cost, text in itertools.product(NAMES, TYPE_LINES, MANA_COSTS, TEXTS):
        yield {"name": name, "type_line": type_line, "mana_cost": mana_cost, "oracle_text": text}
    for power, toughness, loyalty, defense, colors in itertools.product(NUMBERS, NUMBERS[:4], NUMBERS[:3],
                                                                         NUMBERS[:3], COLORS):
        yield {"name": "Elf", "type_line": "Creature — Elf", "power": power, "toughness": toughness,
               "loyalty": loyalty, "defense": defense, "color_indicator": colors}
    yield {"name": "Elf", "type_line": "Creature — Elf"}  # every other field missing
    yield {}


def test_one_look_checks_give_the_field_by_field_values_and_errors():
    n = 0
    for record in _records():
        n += 1
        assert _outcome(card_values, record) == _outcome(_checked_values, record), record
    assert n > 2000


@pytest.mark.parametrize("record, message", [
    ({"name": "Bad\tName", "type_line": "Creature"}, "card.name: character U+0009 at position 4"),
    ({"name": "Elf", "type_line": "Creature", "power": "\t"}, "card.power: character U+0009 at position 1"),
    ({"name": "Elf", "type_line": "Creature", "mana_cost": "G"}, "card.mana_cost: expected a mana cost"),
])
def test_a_bad_field_is_named(record, message):
    with pytest.raises(ValueError, match="^" + message.replace("+", r"\+")):
        card_values(record, "card")


def test_a_good_record_is_normalised():
    assert card_values({"name": "Elf", "type_line": "Creature — Elf", "power": 1, "toughness": "1",
                        "color_indicator": "green"}, "card") == {
        "name": "Elf", "mana_cost": "", "type_line": "Creature — Elf", "oracle_text": "", "power": "1",
        "toughness": "1", "loyalty": None, "defense": None, "color_indicator": ("G",)}
