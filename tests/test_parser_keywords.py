"""Every keyword ability of CR 702 is recognised as keyword/2 (docs/facts.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtgasp.parser import parse_card
from mtgasp.parser.vocabulary import KEYWORD_HEADINGS

HERE = Path(__file__).parent
SAMPLES = {k: v for k, v in json.loads((HERE / "parser_cases" / "keyword_samples.json").read_text()).items()
           if not k.startswith("_")}
CR_TEXT = HERE.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"


def test_every_heading_has_a_sample() -> None:
    assert sorted(SAMPLES) == sorted(KEYWORD_HEADINGS)


@pytest.mark.skipif(not CR_TEXT.exists(), reason="../shared/data (Comprehensive Rules text) is absent")
def test_keyword_headings_are_those_of_the_cr() -> None:
    text = CR_TEXT.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    headings = [m.group(1).strip() for m in re.finditer(r"^702\.(?:[2-9]|\d\d+)\. (.*)$", text, re.M)]
    assert tuple(headings) == KEYWORD_HEADINGS


@pytest.mark.parametrize("heading", sorted(SAMPLES))
def test_keyword_is_recognised(heading: str) -> None:
    line, name = SAMPLES[heading]
    pc = parse_card("Sample Card", line, type_line="Creature — Human")
    assert pc.fully_parsed, pc.unsupported
    assert [f.arguments[1].string for f in pc.facts if f.name == "keyword"] == [name]


def test_keyword_line_gives_one_ability_per_keyword() -> None:
    pc = parse_card("Serra Angel", "Flying, vigilance", type_line="Creature — Angel")
    assert [(a.index, a.text, a.span) for a in pc.abilities] == [(1, "Flying", (0, 6)), (2, "vigilance", (8, 17))]
    assert sorted(str(f) for f in pc.facts if f.name in ("keyword", "static")) == [
        'keyword(ab(card("Serra Angel"),1),"flying")',
        'keyword(ab(card("Serra Angel"),2),"vigilance")',
        'static(ab(card("Serra Angel"),1))',
        'static(ab(card("Serra Angel"),2))',
    ]


@pytest.mark.parametrize(("line", "facts"), [
    ("Ward {2}", ['keyword(A,"ward")', "keyword_param(A,mana(generic(2),1))", "static(A)"]),
    ("Protection from red", ['keyword(A,"protection")', "keyword_param(A,from(color(r)))", "static(A)"]),
    ("Bushido 2", ['keyword(A,"bushido")', "keyword_param(A,n(2))", "triggered(A)"]),
    ("Equip {1}{W}", ['keyword(A,"equip")', "keyword_param(A,mana(generic(1),1))",
                      "keyword_param(A,mana(w,1))", "activated(A)"]),
    ("Swampwalk", ['keyword(A,"landwalk")', 'keyword_param(A,subtype("Swamp"))', "static(A)"]),
])
def test_keyword_parameters(line: str, facts: list[str]) -> None:
    pc = parse_card("Sample Card", line, type_line="Creature — Human")
    a = 'ab(card("Sample Card"),1)'
    got = sorted(str(f).replace(a, "A") for f in pc.facts
                 if f.name in ("keyword", "keyword_param", "static", "triggered", "activated"))
    assert got == sorted(facts)


def _ability(name: str, text: str, type_line: str, index: int = 1) -> list[str]:
    """The sorted facts of ability ``index`` (ids as A and C), without card_ability/ability_text."""
    import clingo

    pc = parse_card(name, text, type_line=type_line)
    card = str(clingo.Function("card", [clingo.String(name)]))
    ab = f"ab({card},{index})"
    block = [fs for comment, fs in pc.blocks if comment.startswith(f"% {index}:")][0]
    return sorted(str(f).replace(ab, "A").replace(card, "C") for f in block
                  if f.name not in ("ability_text", "card_ability"))


@pytest.mark.parametrize(("name", "text", "type_line", "facts"), [
    # a keyword whose cost is an action (start symbol keyword_action, CR 118.1)
    ("Karplusan Minotaur", "Cumulative upkeep—Flip a coin. (At the beginning of your upkeep, ...)",
     "Creature — Minotaur Warrior",
     ['keyword(A,"cumulative upkeep")', "keyword_param(A,action(flip_coin(you)))", "triggered(A)"]),
    ("Wall of Shards", "Cumulative upkeep—An opponent gains 1 life.", "Snow Creature — Wall Illusion",
     ["filter(f(A,1),1,opponent)", 'keyword(A,"cumulative upkeep")',
      "keyword_param(A,action(gain_life(some(f(A,1),1),1)))", "triggered(A)"]),
    ("Varchild's War-Riders", "Cumulative upkeep—Have an opponent create a 1/1 red Survivor creature token.",
     "Creature — Human Warrior",
     ["filter(f(A,1),1,opponent)", 'keyword(A,"cumulative upkeep")',
      "keyword_param(A,action(create_token(some(f(A,1),1),1,tok(A,1))))", "token_color(tok(A,1),r)",
      "token_pt(tok(A,1),1,1)", 'token_subtype(tok(A,1),"Survivor")', "token_type(tok(A,1),creature)",
      "triggered(A)"]),
    ("Roar of Jukai", "Splice onto Arcane—An opponent gains 5 life.", "Instant — Arcane",
     ["filter(f(A,1),1,opponent)", 'keyword(A,"splice")', "keyword_param(A,action(gain_life(some(f(A,1),1),5)))",
      'keyword_param(A,onto(subtype("Arcane")))', "static(A)"]),
    # costs
    ("Infernal Darkness", "Cumulative upkeep—Pay {B} and 1 life.", "Enchantment",
     ['keyword(A,"cumulative upkeep")', "keyword_param(A,mana(b,1))", "keyword_param(A,pay_life(1))", "triggered(A)"]),
    ("Braid of Fire", "Cumulative upkeep—Add {R}.", "Enchantment",
     ["adds(A,1,1,1,type(r))", 'keyword(A,"cumulative upkeep")', "keyword_param(A,add_mana)", "triggered(A)"]),
    ("Phyrexian Fleshgorger", "Ward—Pay life equal to Phyrexian Fleshgorger's power.", "Creature — Phyrexian Wurm",
     ['keyword(A,"ward")', "keyword_param(A,pay_life(power(self)))", "static(A)"]),
    ("Hand of Vecna", "Equip—Pay 1 life for each card in your hand.", "Legendary Artifact — Equipment",
     ["activated(A)", "filter(f(A,1),1,card)", "filter(f(A,1),1,in_zone(hand(you)))", 'keyword(A,"equip")',
      "keyword_param(A,pay_life(count(f(A,1))))"]),
    ("Salvation Colossus", "Unearth—Pay eight {E}.", "Artifact Creature — Construct",
     ["activated(A)", 'keyword(A,"unearth")', "keyword_param(A,energy(8))"]),
    # other forms
    ("Thrasta, Tempest's Roar", "Trample over planeswalkers (This creature can deal excess combat damage ...)",
     "Legendary Creature — Dinosaur",
     ['keyword(A,"trample")', "keyword_param(A,over(type(planeswalker)))", "static(A)"]),
    ("Oscorp Industries", "Mayhem (You may play this card from your graveyard if you discarded it this turn.)",
     "Land", ['keyword(A,"mayhem")', "static(A)"]),
    ("Soulmates", "Enchant two creatures", "Enchantment — Aura",
     ["filter(f(A,1),1,type(creature))", 'keyword(A,"enchant")', "keyword_param(A,f(A,1))",
      "keyword_param(A,n(2))", "static(A)"]),
    ("Sunbird Standard", "Craft with one or more {5}", "Artifact",
     ["activated(A)", "filter(f(A,1),1,any)", 'keyword(A,"craft")', "keyword_param(A,mana(generic(5),1))",
      "keyword_param(A,with(at_least(f(A,1),1)))"]),
    # a keyword written with a period (in quotes: 'has "Cumulative upkeep {1}."')
    ("Sample Card", "Cumulative upkeep {1}.", "Enchantment",
     ['keyword(A,"cumulative upkeep")', "keyword_param(A,mana(generic(1),1))", "triggered(A)"]),
    # a keyword with X and X's definition (keyword_x/2)
    ("Sun Warriors", "Firebending X, where X is the number of creatures you control. (Whenever this creature "
     "attacks, add X {R}.)", "Creature — Human Rebel Ally",
     ["filter(f(A,1),1,controller(you))", "filter(f(A,1),1,type(creature))", 'keyword(A,"firebending")',
      "keyword_param(A,n(x))", "keyword_x(A,count(f(A,1)))", "triggered(A)"]),
    # CR 702.183: Tiered, each mode "• Name — {cost} — effect"; exactly one mode is chosen
    ("Ice Magic", "Tiered (Choose one additional cost.)\n• Blizzard — {0} — Return target creature to its "
     "owner's hand.\n• Blizzara — {2} — Draw a card.", "Instant",
     ['effect(A,1,return_hand(target(f(A,1),1),owner_of(it)))', "effect(A,2,draw(you,1))", "effect_mode(A,1,1)",
      "effect_mode(A,2,2)", "filter(f(A,1),1,type(creature))", 'keyword(A,"tiered")', "modal(A,1,1)",
      "mode_cost(A,1,mana(generic(0),1))", "mode_cost(A,2,mana(generic(2),1))", 'mode_name(A,1,"blizzard")',
      'mode_name(A,2,"blizzara")', "spell_effect(A)"]),
])
def test_keyword_forms(name: str, text: str, type_line: str, facts: list[str]) -> None:
    assert _ability(name, text, type_line) == sorted(facts)


@pytest.mark.parametrize(("name", "text", "type_line", "keyword"), [
    ("Frazzled Editor", "Protection from wordy (Something is wordy if ...)", "Creature — Phyrexian Warrior", "protection"),
    ("Wilson, Majestic Bear", "Ward", "Legendary Creature — Bear Warrior", "ward"),
    ("Dart Throw", "Visit — Throw a card you own from outside the game onto the playing area.",
     "Artifact — Attraction", "visit"),
    ("Sample Card", "Flying, protection from wordy", "Creature — Human", "protection"),
])
def test_unreadable_keyword_line_is_recognised(name: str, text: str, type_line: str, keyword: str) -> None:
    """A line that begins with a CR 702 keyword and cannot be read: unsupported, with the
    keyword's name in keyword_recognised/2 (no parameter is guessed)."""
    pc = parse_card(name, text, type_line=type_line)
    (bad,) = pc.unsupported
    assert "keyword_recognised" in bad.kinds
    facts = _ability(name, text, type_line, bad.index)
    assert facts == sorted([f'keyword_recognised(A,"{keyword}")', f"unsupported(C,{bad.index})"])


@pytest.mark.parametrize(("name", "text"), [
    ("Fighter Class", "Equip abilities you activate cost {2} less to activate."),
    ("Catalyst Stone", "Flashback costs you pay cost up to {2} less."),
    ("Fear of Being Hunted", "Fear of Being Hunted must be blocked if able."),
    ("Dragonborn Immolator", "Gift of Tiamat — When Dragonborn Immolator dies, frobnicate."),
])
def test_text_about_a_keyword_is_not_recognised_as_one(name: str, text: str) -> None:
    pc = parse_card(name, text, type_line="Creature — Human")
    assert not pc.abilities[0].kinds & {"keyword", "keyword_recognised"}
    assert not [f for f in pc.facts if f.name == "keyword_recognised"]


@pytest.mark.parametrize(("text", "units"), [
    # lost line breaks in the card data (parser/split.py)
    ("Trample, toxic 1Whenever one or more creatures you control deal combat damage to one or more players, proliferate.",
     ["Trample", "toxic 1", "Whenever one or more creatures you control deal combat damage to one or more players, proliferate."]),
    ("Hexproof+2: Each opponent loses 3 life and you gain 3 life.",
     ["Hexproof", "+2: Each opponent loses 3 life and you gain 3 life."]),
    ("Modular 3{X}, {T}: Draw a card.", ["Modular 3", "{X}, {T}: Draw a card."]),
    ("Ward {2}{1}{R}{G}, Exile Sample Card from your graveyard: Draw a card.",
     ["Ward {2}", "{1}{R}{G}, Exile Sample Card from your graveyard: Draw a card."]),
    ("Flying When Sample Card enters, draw a card.", ["Flying", "When Sample Card enters, draw a card."]),
    ("Prototype {2}{B} — 3/2At the beginning of your upkeep, draw a card.",
     ["Prototype {2}{B} — 3/2", "At the beginning of your upkeep, draw a card."]),
])
def test_lost_line_breaks_are_split(text: str, units: list[str]) -> None:
    pc = parse_card("Sample Card", text, type_line="Creature — Human")
    assert [a.text for a in pc.abilities] == units
    assert pc.fully_parsed, pc.unsupported


@pytest.mark.parametrize(("text", "names"), [
    ("Flying (This creature can't be blocked except by creatures with flying or reach.)", ()),
    ("Ward—Pay 3 life.", ()),
    ("Landfall — Whenever a land you control enters, frobnicate.", ()),
    ("  Trample, frobnicate", ()),
    ("Cumulative upkeep—Sacrifice a land.", ()),
    ("Vigilance, Sample Card frobnicates", ("Sample Card",)),
    ("Swampwalk (reminder)  , frobnicate", ()),
])
def test_keyword_of_line_reads_the_printers_normalised_text_alike(text: str, names: tuple[str, ...]) -> None:
    """The printer passes its normalised text to keyword_of_line (parser/__init__.py
    ``_print_unit``): the answer is the one keyword_of_line works out from the text alone,
    with or without an ability word, a dash or a leading blank."""
    from mtgasp.parser.keywords import keyword_of_line
    from mtgasp.parser.split import normalise

    assert keyword_of_line(text, names, normalise(text, names)) == keyword_of_line(text, names)


CORPUS = HERE.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.exists(), reason="../shared/data (the card corpus) is absent")
def test_keyword_of_line_with_the_normalised_text_agrees_on_every_corpus_line() -> None:
    """Every line of every corpus card (with the card's own names): the shortcut through the
    printer's normalised text gives keyword_of_line's own answer."""
    from mtgasp.corpus import iter_card_records
    from mtgasp.parser.keywords import keyword_of_line
    from mtgasp.parser.split import card_names, normalise

    checked = 0
    for r in iter_card_records(CORPUS):
        names = card_names(r["name"], "Legendary" in (r["type_line"] or ""))
        for line in (r["oracle_text"] or "").split("\n"):
            assert keyword_of_line(line, names, normalise(line, names)) == keyword_of_line(line, names), line
            checked += 1
    assert checked > 50_000
