"""Structural guards of the Oracle grammar (STYLE §12-13).

The grammar runs under Lark LALR(1) with the word lexer of parser/lexer.py; no Earley parse
is used, so there is no ambiguity to guard at parse time. These tests keep the invariants
the lexer and the transformers rely on.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgasp.parser import parse_card
from mtgasp.parser.build import GRAMMAR_DIR, get_parser, unhandled_aliases
from mtgasp.parser.lexer import NUMBER_WORDS
from mtgasp.parser.vocabulary import CREATURE_TYPES, MULTIWORD_SUBTYPES

CR_TEXT = Path(__file__).parent.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"


def test_every_alias_has_a_transformer_method() -> None:
    assert unhandled_aliases() == []


def test_literals_are_single_words() -> None:
    """The lexer produces one token per word: a literal with a space could never match."""
    p = get_parser()
    bad = [text for text in p.vocab.literals if re.search(r"\s", text)]
    assert p.vocab.literals and bad == []


def test_number_words_are_never_literals() -> None:
    """"one" is always a NUM token (docs/parser.md); a literal "one" would shadow it."""
    p = get_parser()
    assert sorted(set(p.vocab.literals) & set(NUMBER_WORDS)) == []


def test_grammar_files_are_split_by_concern() -> None:
    names = sorted(path.stem for path in GRAMMAR_DIR.glob("*.lark"))
    assert names == ["costs", "effects", "filters", "keywords", "mana", "oracle", "replacement", "triggers", "verbs"]


def test_grammar_files_hold_in_mind() -> None:
    """Files a newcomer can hold in mind: every grammar file under ~600 lines."""
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in GRAMMAR_DIR.glob("*.lark")}
    assert {n: k for n, k in sizes.items() if k > 600} == {}


def test_time_lord_is_the_only_multiword_creature_type() -> None:
    assert MULTIWORD_SUBTYPES == ("Time Lord",)
    assert [t for t in CREATURE_TYPES if " " in t] == ["Time Lord"]


def test_creature_types_match_the_cr() -> None:
    import pytest

    if not CR_TEXT.exists():
        pytest.skip("../shared/data (Comprehensive Rules text) is absent")
    text = CR_TEXT.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("’", "'")
    line = next(ln for ln in text.split("\n") if ln.startswith("205.3m "))
    listed = line.split("All other creature types are one word long: ")[1].rstrip(".").replace(", and ", ", ")
    assert sorted(listed.split(", ") + ["Time Lord"]) == sorted(CREATURE_TYPES)


def test_no_literal_hides_a_non_word() -> None:
    """"nonland" is read as "non" + "land" only if "nonland" is not itself a literal."""
    lits = set(get_parser().vocab.literals)
    assert sorted(w for w in lits if w.startswith("non") and w[3:].lstrip("-") in lits) == []


def _block(name: str, text: str, type_line: str, index: int = 1) -> list[str]:
    import clingo

    pc = parse_card(name, text, type_line=type_line)
    assert pc.fully_parsed, pc.unsupported
    card = str(clingo.Function("card", [clingo.String(name)]))
    ab = f"ab({card},{index})"
    block = [fs for comment, fs in pc.blocks if comment.startswith(f"% {index}:")][0]
    return sorted(str(f).replace(ab, "A").replace(card, "C") for f in block
                  if f.name not in ("ability_text", "card_ability"))


def test_named_modes() -> None:
    """"• Smash It — Destroy ...": a mode's name is a flavor word (mode_name/3), not parsed."""
    text = "Choose one —\n• Smash It — Destroy target artifact.\n• Draw a card."
    assert _block("You Find a Cursed Idol", text, "Instant") == sorted([
        "spell_effect(A)", "modal(A,1,1)", 'mode_name(A,1,"smash it")',
        "effect(A,1,destroy(target(f(A,1),1)))", "filter(f(A,1),1,type(artifact))", "effect_mode(A,1,1)",
        "effect(A,2,draw(you,1))", "effect_mode(A,2,2)",
    ])


def test_dashes_line_separates_split_card_faces() -> None:
    """Some card data write the split-card separator as a "---" line instead of "//"."""
    pc = parse_card("Collision // Colossus", "Collision deals 6 damage to target creature with flying.\n---\n"
                    "Target creature gets +4/+2 and gains trample until end of turn.", type_line="Instant // Instant")
    assert pc.fully_parsed, pc.unsupported
    assert [a.text for a in pc.abilities] == [
        "Collision deals 6 damage to target creature with flying.",
        "Target creature gets +4/+2 and gains trample until end of turn."]


def test_die_results_with_hyphens_and_lost_line_breaks() -> None:
    """"Roll a d20.1-9 | ...10-19 | ...20 | ...": some card data lost the line breaks before the
    results of a die roll and write the range with a hyphen; the lexer reads "1-9" as "1—9"."""
    text = ("Roll a d20.1-9 | Draw a card.10-19 | Draw two cards.20 | Draw three cards.")
    assert _block("Sample Card", text, "Sorcery") == sorted([
        "spell_effect(A)", 'effect(A,1,roll_die(you,"d20"))',
        "effect(A,2,draw(you,1))", "effect_condition(A,2,rolled(1,9))",
        "effect(A,3,draw(you,2))", "effect_condition(A,3,rolled(10,19))",
        "effect(A,4,draw(you,3))", "effect_condition(A,4,rolled(20,20))",
    ])


def test_half_of_a_split_card_named_with_the_whole_card() -> None:
    """A record "Fire (Fire/Ice)" is the half named "Fire": its name in the text is ~."""
    assert _block("Cut (Cut/Ribbons)", "Cut deals 4 damage to target creature.", "Sorcery") == sorted([
        "spell_effect(A)", "effect(A,1,damage(self,4,target(f(A,1),1)))", "filter(f(A,1),1,type(creature))"])


def test_to_solve() -> None:
    '''CR 719.3a: "To solve — [Condition]" is "At the beginning of your end step, if [condition]
    and this Case is not solved, this Case becomes solved."'''
    text = ("To solve — Three or more creatures attacked this turn. "
            "(If unsolved, solve at the beginning of your end step.)")
    assert _block("Case of the Gateway Express", text, "Sorcery") == sorted([
        "triggered(A)", "trigger(A,phase(end,you))", "effect(A,1,become_solved(self))",
        "effect_condition(A,1,attacked_this_turn(at_least(f(A,1),3)))", "filter(f(A,1),1,type(creature))",
        "effect_condition(A,1,non(solved))",
    ])


def test_ability_word_glued_to_its_dash() -> None:
    """"Domain—When ~ enters, ...": an ability word (CR 207.2c) written without spaces."""
    text = "Domain—When Sample Card enters, you gain 1 life."
    assert _block("Sample Card", text, "Creature — Human") == sorted([
        "triggered(A)", 'ability_word(A,"domain")', "trigger(A,enters(f(A,1)))", "filter(f(A,1),1,self)",
        "effect(A,1,gain_life(you,1))",
    ])



@pytest.mark.parametrize(("text", "facts"), [
    ("{R}, Exile the top ten cards of your library: Draw a card.",
     ["cost(A,exile_top_library(you,10))", "cost(A,mana(r,1))"]),
    ("Put a card from your hand on top of your library: Draw a card.",
     ["cost(A,put_on_library(top,f(A,1),1,you))", "filter(f(A,1),1,card)", "filter(f(A,1),1,in_zone(hand(you)))"]),
    ("Put three cards from your graveyard on the bottom of your library: Draw a card.",
     ["cost(A,put_on_library(bottom,f(A,1),3,you))", "filter(f(A,1),1,card)",
      "filter(f(A,1),1,in_zone(graveyard(you)))"]),
])
def test_library_costs(text: str, facts: list[str]) -> None:
    assert _block("Sample Card", text, "Creature — Human") == sorted(
        ["activated(A)", "effect(A,1,draw(you,1))"] + facts)


@pytest.mark.parametrize(("text", "units"), [
    ("Other creatures you control get -1/-1.{1}{B}{B}, {T}: Draw a card.",
     ["Other creatures you control get -1/-1.", "{1}{B}{B}, {T}: Draw a card."]),
    ("Equipped creature gets +1/-1.Equip {1} ({1}: Attach to target creature you control.)",
     ["Equipped creature gets +1/-1.", "Equip {1} ({1}: Attach to target creature you control.)"]),
    ("Other Merfolk you control get +1/+1.Sacrifice a Merfolk: Draw a card.",
     ["Other Merfolk you control get +1/+1.", "Sacrifice a Merfolk: Draw a card."]),
    ("Equipped creature gets +2/+0.Whenever equipped creature dies, draw a card.",
     ["Equipped creature gets +2/+0.", "Whenever equipped creature dies, draw a card."]),
    ("Enchanted creature gets +1/+1.Corrupted — As long as an opponent has three or more poison counters, "
     "enchanted creature has first strike.",
     ["Enchanted creature gets +1/+1.", "Corrupted — As long as an opponent has three or more poison counters, "
      "enchanted creature has first strike."]),
    ("Whenever you cycle another card, you gain 1 life.Cycling {1}{W}",
     ["Whenever you cycle another card, you gain 1 life.", "Cycling {1}{W}"]),
])
def test_lost_line_break_before_a_cost_or_equip(text: str, units: list[str]) -> None:
    pc = parse_card("Sample Card", text, type_line="Artifact — Equipment")
    assert [a.text for a in pc.abilities] == units
    assert pc.fully_parsed, pc.unsupported



@pytest.mark.parametrize("name", ["Sly Spy [A]", '"Sly Spy"', "A-Sly Spy"])
def test_variant_names_call_the_card_by_its_name(name: str) -> None:
    """Card data mark variants of a name ("Sly Spy [A]", a quoted Un-card name, an Alchemy
    rebalance "A-..."); the text calls the card by the plain name, which is ~."""
    assert _block(name, "Whenever Sly Spy deals combat damage to a player, draw a card.", "Creature — Human Rogue") == sorted([
        "triggered(A)", "trigger(A,combat_damage_to(f(A,1),some(f(A,2),1)))", "filter(f(A,1),1,self)",
        "filter(f(A,2),1,player)", "effect(A,1,draw(you,1))"])



def test_granted_quotation_without_its_final_period() -> None:
    """'has "You have no maximum hand size" and "..."': a quotation given by "have"/"gain"/
    "with" (or following one after "and") is an ability even without its final period."""
    pc = parse_card("Sample Card", 'Enchanted creature has "This creature can\'t block" and '
                    '"Whenever this creature attacks, draw a card."', type_line="Enchantment — Aura")
    assert pc.fully_parsed, pc.unsupported
    got = sorted(str(f) for f in pc.facts if f.name in ("static", "triggered", "continuous", "effect"))
    c = 'card("Sample Card")'
    assert got == sorted([
        f"static(ab({c},1))", f"static(ab({c},1,1))", f"triggered(ab({c},1,2))",
        f"continuous(ab({c},1),1,f(ab({c},1),1),gain_ability(abilities(ab({c},1,1),ab({c},1,2))))",
        f"continuous(ab({c},1,1),1,f(ab({c},1,1),1),cant_block)",
        f"effect(ab({c},1,2),1,draw(you,1))",
    ])



def test_modes_not_chosen_before() -> None:
    """"Choose one that hasn't been chosen this turn —" (modal_limit/2)."""
    text = ("{1}: Choose one that hasn't been chosen this turn —\n• Draw a card.\n• You gain 1 life.")
    assert _block("Sample Card", text, "Creature — Human") == sorted([
        "activated(A)", "cost(A,mana(generic(1),1))", "modal(A,1,1)", "modal_limit(A,unchosen_this_turn)",
        "effect(A,1,draw(you,1))", "effect_mode(A,1,1)", "effect(A,2,gain_life(you,1))", "effect_mode(A,2,2)",
    ])
