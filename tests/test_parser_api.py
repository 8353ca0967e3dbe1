"""The public API of mtgasp.parser: ParsedCard/ParsedAbility, spans, rejected text, to_asp."""

from __future__ import annotations

import clingo
import pytest

from mtgasp.parser import ParsedAbility, ParsedCard, parse_card


def test_parsed_card_shape() -> None:
    pc = parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid",
                    mana_cost="{G}", power="1", toughness="1")
    assert isinstance(pc, ParsedCard)
    assert pc.name == "Llanowar Elves"
    assert pc.fully_parsed and pc.unsupported == ()
    assert all(isinstance(f, clingo.Symbol) for f in pc.facts)
    assert list(pc.facts) == sorted(pc.facts)
    assert pc.abilities == (
        ParsedAbility(1, "{T}: Add {G}.", (0, 13), True, "", frozenset({"activated", "adds", "cost", "effect"})),
    )


def test_to_asp_is_sorted_text_with_a_comment_per_ability() -> None:
    pc = parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid", mana_cost="{G}")
    assert pc.to_asp() == (
        'card(card("Llanowar Elves")).\n'
        'card_subtype(card("Llanowar Elves"),"Druid").\n'
        'card_subtype(card("Llanowar Elves"),"Elf").\n'
        'card_type(card("Llanowar Elves"),creature).\n'
        'card_mana_cost(card("Llanowar Elves"),g,1).\n'
        "% 1: {T}: Add {G}.\n"
        'activated(ab(card("Llanowar Elves"),1)).\n'
        'ability_text(ab(card("Llanowar Elves"),1),"{T}: Add {G}.").\n'
        'card_ability(card("Llanowar Elves"),ab(card("Llanowar Elves"),1)).\n'
        'cost(ab(card("Llanowar Elves"),1),tap).\n'
        'effect(ab(card("Llanowar Elves"),1),1,add_mana).\n'
        'adds(ab(card("Llanowar Elves"),1),1,1,1,type(g)).\n'
    )
    # the text is valid ASP: clingo reads it back
    ctl = clingo.Control()
    ctl.add("base", [], pc.to_asp())
    ctl.ground([("base", [])])


def test_characteristics() -> None:
    pc = parse_card("The Master, Multiplied", "Myriad", type_line="Legendary Creature — Time Lord Rogue",
                    mana_cost="{4}{B}{R}", power="4", toughness="3")
    got = sorted(str(f) for f in pc.facts if f.name.startswith("card_") and f.name != "card_ability")
    c = 'card("The Master, Multiplied")'
    assert got == sorted([
        f"card_mana_cost({c},b,1)",
        f"card_mana_cost({c},generic(4),1)", f"card_mana_cost({c},r,1)", f"card_power({c},4)",
        f'card_subtype({c},"Rogue")', f'card_subtype({c},"Time Lord")',
        f"card_supertype({c},legendary)", f"card_toughness({c},3)", f"card_type({c},creature)",
    ])


@pytest.mark.parametrize(("fields", "expected"), [
    ({"power": "*", "toughness": "1+*"}, ['card_power(C,star)', 'card_toughness(C,"1+*")']),
    ({"loyalty": "3"}, ["card_loyalty(C,3)"]),
    ({"defense": "5"}, ["card_defense(C,5)"]),
    ({"color_indicator": ["Green", "Red"]}, ["card_color_indicator(C,g)", "card_color_indicator(C,r)"]),
    ({"color_indicator": ["U"]}, ["card_color_indicator(C,u)"]),
])
def test_numbers_and_color_indicator(fields: dict, expected: list[str]) -> None:
    pc = parse_card("X", "", type_line="Creature", **fields)
    got = sorted(str(f).replace('card("X")', "C") for f in pc.facts
                 if f.name in ("card_power", "card_toughness", "card_loyalty", "card_defense", "card_color_indicator"))
    assert got == sorted(expected)


def test_unparseable_line_is_unsupported_with_span_and_message() -> None:
    text = "Flying\nWhenever ~ frobnicates a widget, draw a card.\n{T}: Add {G}."
    pc = parse_card("Gizmo", text, type_line="Creature — Construct")
    assert [a.supported for a in pc.abilities] == [True, False, True]
    bad = pc.unsupported[0]
    assert bad.index == 2
    assert bad.span == (7, 52) and text[bad.span[0]:bad.span[1]] == bad.text
    assert bad.message.startswith("unexpected 'frobnicates' at column 12; expected")
    assert 'unsupported(card("Gizmo"),2)' in map(str, pc.facts)
    # nothing is guessed for it: only its id, text and the unsupported mark
    assert sorted(f.name for f in pc.facts if 'ab(card("Gizmo"),2)' in str(f) or f.name == "unsupported") == [
        "ability_text", "card_ability", "unsupported"]


def test_unknown_keyword_in_keyword_line_is_its_own_unsupported_ability() -> None:
    text = "Flying, frobnicate, vigilance"
    pc = parse_card("Gizmo", text, type_line="Creature — Construct")
    assert [(a.text, a.supported) for a in pc.abilities] == [("Flying", True), ("frobnicate", False), ("vigilance", True)]
    assert pc.abilities[1].span == (8, 18)


@pytest.mark.parametrize("text", [
    "", "\n\n", "(Reminder only.)", "//", "{}{}{{", "Ünïcödé — ✓", "1/1", ":", "“Quoted”", "• bullet",
    "Whenever", "Add", "{T}:", "Choose one —\n• Draw a card.\n•",
])
def test_never_raises(text: str) -> None:
    pc = parse_card("Weird", text, type_line="Instant")
    assert all(isinstance(f, clingo.Symbol) for f in pc.facts)
    for a in pc.abilities:
        assert a.supported or a.message


def test_card_name_and_this_creature_are_self() -> None:
    a = parse_card("Goblin Guide", "Goblin Guide can't block.", type_line="Creature — Goblin")
    b = parse_card("Goblin Guide", "This creature can't block.", type_line="Creature — Goblin")
    assert [str(f) for f in a.facts if f.name == "continuous"] == [str(f) for f in b.facts if f.name == "continuous"]
    assert 'ability_text(ab(card("Goblin Guide"),1),"~ can\'t block.")' in map(str, a.facts)


def test_legendary_short_name_is_self() -> None:
    pc = parse_card("Jace, the Mind Sculptor", "Jace deals 1 damage to any target.",
                    type_line="Legendary Planeswalker — Jace")
    assert pc.fully_parsed
    assert any("damage(self,1," in str(f) for f in pc.facts)


def test_modal_spell_is_one_ability() -> None:
    text = "Choose one —\n• Draw a card.\n• You gain 3 life."
    pc = parse_card("Charm", text, type_line="Instant")
    assert len(pc.abilities) == 1 and pc.fully_parsed
    a = 'ab(card("Charm"),1)'
    got = sorted(str(f).replace(a, "A") for f in pc.facts if f.name in ("modal", "effect", "effect_mode", "spell_effect"))
    assert got == ["effect(A,1,draw(you,1))", "effect(A,2,gain_life(you,3))", "effect_mode(A,1,1)",
                   "effect_mode(A,2,2)", "modal(A,1,1)", "spell_effect(A)"]


def test_split_card_halves_are_self() -> None:
    pc = parse_card("Fire // Ice", "Fire deals 2 damage divided as you choose among one or two targets.\n//\nTap target permanent.\nDraw a card.",
                    type_line="Instant // Instant", mana_cost="{1}{R} // {1}{U}")
    assert [a.text for a in pc.abilities][1:] == ["Tap target permanent.", "Draw a card."]
    assert 'card_mana_cost(card("Fire // Ice"),generic(1),2)' in map(str, pc.facts)


def test_distinct_filters_printed_one_after_another_get_distinct_symbols() -> None:
    # Filters are numbered by identity; a filter object freed after printing must not lend its
    # id (and so its f(...) symbol) to the next one (that made some cards' facts depend on the
    # run: Firewild Borderpost's second effect pointed at the first one's filter).
    from mtgasp.parser.facts import AbilityPrinter
    from mtgasp.parser.nodes import Filter

    printer = AbilityPrinter('card("X")', 'ab(card("X"),1)', False, str)
    first = printer.filter(Filter([["you"]]))
    second = printer.filter(Filter([["self"]]))
    assert (first, second) == ('f(ab(card("X"),1),1)', 'f(ab(card("X"),1),2)')
    assert printer.out == ['filter(f(ab(card("X"),1),1),1,you)', 'filter(f(ab(card("X"),1),2),1,self)']
