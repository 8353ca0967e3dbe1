"""Splitting a card's Oracle text into ability units (parser/split.py) and finding the card's
names in them (parser/__init__.py): the expected units, spans and texts are counted by hand from
the texts below."""

from __future__ import annotations

import pytest

import mtgasp.parser as P
from mtgasp.parser.split import split_units


def _units(text: str) -> list[tuple[int, int, str]]:
    return [(u.start, u.end, text[u.start:u.end]) for u in split_units(text)]


@pytest.mark.parametrize("digit", ["1", "\u0663"])  # "3" in Arabic-Indic digits: a \d too
def test_lost_line_break_after_a_keyword_number_with_any_decimal_digit(digit):
    """'Toxic 1Whenever' in some card data: a number glued to the next ability starts a new
    unit, whatever script its digit is written in (the fast ASCII test of the split falls back
    to the full one when a digit past ASCII is in the text)."""
    text = f"Toxic {digit}Whenever this creature deals combat damage to a player, draw a card."
    assert _units(text) == [
        (0, 7, f"Toxic {digit}"),
        (7, 75, "Whenever this creature deals combat damage to a player, draw a card."),
    ]


def test_cr700_2_mode_lines_join_their_ability_and_blank_and_reminder_lines_make_no_unit():
    text = "Flying\n\u2022 a\n(x)\n  Haste  "
    assert _units(text) == [(0, 10, "Flying\n\u2022 a"), (17, 22, "Haste")]


def _abilities(name: str, text: str) -> list[tuple[str, tuple[int, int], str]]:
    pc = P.parse_card(name, text, type_line="Creature \u2014 Elf")
    shown = [t for _, ts in pc.texts for t in ts if t.startswith("ability_text(")]
    return [(a.text, a.span, s.split(",", 2)[2][:-1]) for a, s in zip(pc.abilities, shown)]


def test_cr201_5_name_after_a_lost_line_break_is_the_card_itself():
    """A keyword glued to a cost ('Flying{T}: ...'): the units do not meet at a line break, so
    the names are looked for unit by unit; the name in the second unit is still "~"."""
    assert _abilities("Bo", "Flying{T}: Bo deals 1 damage to any target.") == [
        ("Flying", (0, 6), '"Flying"'),
        ("{T}: Bo deals 1 damage to any target.", (6, 43), '"{T}: ~ deals 1 damage to any target."'),
    ]


def test_cr201_5_name_in_a_reminder_only_line_belongs_to_no_unit():
    """The names are looked for once over the whole text; one inside a line that is only
    reminder text (no unit) is passed over, the one in the next unit is "~"."""
    assert _abilities("Bo", "(Bo is a test.)\nBo enters tapped.") == [
        ("Bo enters tapped.", (16, 33), '"~ enters tapped."'),
    ]


def test_cr201_5_overlapping_occurrences_of_a_name_count_once():
    """"Bo Bo Bo" holds the name "Bo Bo" at 0 and at 3; the second overlaps the first and is
    left as text."""
    assert _abilities("Bo Bo", "Bo Bo Bo enters tapped.")[0][2] == '"~ Bo enters tapped."'
