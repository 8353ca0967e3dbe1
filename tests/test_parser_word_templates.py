"""Templates general by construction (issue 12): one grammar template for a family of one-word
alternatives, the term of each word in a table of parser/terms.py.

"Whenever you scry / investigate / discover ...", "whenever ~ is exiled / is countered",
"becomes tapped / saddled", "can't gain / lose life", "can't attack / block alone", "deal double /
triple that damage", "the power / toughness / mana value of ~" and a companion's "mana value N or
less" were one alias per word, most of them read by one card. The expected terms below are those
the per-word aliases printed before the merge (an independent record: benchmarks/facts_dump.py
found every corpus card's facts unchanged but for the mana value fix tested last)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgasp.parser import parse_card
from mtgasp.parser.build import GRAMMAR_DIR
from mtgasp.parser.terms import EVENT_WORDS, FILTER_WORDS, VERB_WORDS

from asp import corpus_cards

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cards" / "cards.jsonl"

#: the !rule of one-word alternatives → the word tables of the aliases that use it
RULES = {
    ("triggers", "action_word"): [EVENT_WORDS["ev_action"]],
    ("triggers", "is_word"): [EVENT_WORDS["ev_is"]],
    ("triggers", "become_word"): [EVENT_WORDS["ev_become"]],
    ("verbs", "life_verb"): [VERB_WORDS["v_cant_life"]],
    ("verbs", "alone_act"): [VERB_WORDS["v_cant_alone"]],
    ("verbs", "mult_word"): [VERB_WORDS["v_damage_mult"], VERB_WORDS["v_damage_mult_same"]],
    ("filters", "stat_of"): [FILTER_WORDS["amount_stat_of"]],
}


def _alternatives(module: str, rule: str) -> set[str]:
    """The word sequences of a ``!rule`` of literal alternatives, as :func:`literal_words`
    names them (a literal by its text, a declared terminal by its name)."""
    text = (GRAMMAR_DIR / f"{module}.lark").read_text(encoding="utf-8")
    m = re.search(rf"^!{rule}:(.*?)(?=^\S|\Z)", text, re.M | re.S)
    assert m, rule
    body = re.sub(r"//[^\n]*", "", m.group(1))
    out = set()
    for alt in body.split("|"):
        words = re.findall(r'"([^"]+)"i|([A-Z_]+)', alt)
        out.add(" ".join(lit.lower() if lit else term.lower() for lit, term in words))
    return out


@pytest.mark.parametrize("module, rule", sorted(RULES))
def test_word_tables_and_grammar_agree(module: str, rule: str) -> None:
    """A word added to the grammar without its term (or a term for a word the grammar lost)
    fails here, not at parse time."""
    for table in RULES[(module, rule)]:
        assert set(table) == _alternatives(module, rule)


def _facts(text: str, name: str = "X", type_line: str = "Creature — Elf", **kw: str) -> list[str]:
    pc = parse_card(name, text, type_line=type_line, power=kw.get("power", "1"), toughness="1")
    assert pc.fully_parsed, pc.unsupported
    card = f'card("{name}")'
    return [f.replace(f"ab({card},1)", "A").replace(card, "C") for f in pc.to_asp().splitlines()]


@pytest.mark.parametrize("text, event", [
    ("Whenever you scry, you gain 1 life.", "scry(you)"),
    ("Whenever you surveil, you gain 1 life.", "surveil(you)"),
    ("Whenever you investigate, you gain 1 life.", "investigate(you)"),
    ("Whenever you discover, you gain 1 life.", "discover(you)"),
    ("Whenever you proliferate, you gain 1 life.", "proliferate(you)"),
    ("Whenever ~ explores, you gain 1 life.", "explores(f(A,1))"),
    ("Whenever ~ connives, you gain 1 life.", "connive(f(A,1))"),
    ("Whenever ~ fights, you gain 1 life.", "fights(f(A,1))"),
    ("Whenever ~ mutates, you gain 1 life.", "mutate(f(A,1))"),
    ("Whenever ~ regenerates, you gain 1 life.", "regenerate(f(A,1))"),
    ("Whenever ~ specializes, you gain 1 life.", "specialize(f(A,1))"),
])
def test_cr701_keyword_action_events(text: str, event: str) -> None:
    """CR 701: "whenever you scry" and the other keyword actions, one template."""
    assert f"trigger(A,{event})." in _facts(text)


@pytest.mark.parametrize("text, event", [
    ("Whenever ~ is exiled, you gain 1 life.", "exiled(f(A,1))"),
    ("Whenever ~ is countered, you gain 1 life.", "countered(f(A,1))"),
    ("Whenever ~ becomes tapped, you gain 1 life.", "becomes_tapped(f(A,1))"),
    ("Whenever ~ becomes untapped, you gain 1 life.", "becomes_untapped(f(A,1))"),
    ("Whenever ~ becomes monstrous, you gain 1 life.", "monstrous(f(A,1))"),
    ("Whenever ~ becomes crewed, you gain 1 life.", "crewed(f(A,1))"),
    ("Whenever ~ becomes saddled, you gain 1 life.", "saddled(f(A,1))"),
])
def test_is_and_becomes_events(text: str, event: str) -> None:
    assert f"trigger(A,{event})." in _facts(text)


@pytest.mark.parametrize("text, effect", [
    ("You can't gain life.", "cant_gain_life"),   # CR 119.7
    ("You can't lose life.", "cant_lose_life"),   # CR 119.8
])
def test_cr119_cant_gain_or_lose_life(text: str, effect: str) -> None:
    facts = _facts(text, type_line="Enchantment")
    assert [f for f in facts if f.startswith("continuous(")] == [f"continuous(A,1,f(A,1),{effect})."]


@pytest.mark.parametrize("text, effect", [
    ("~ can't attack alone.", "cant_attack_alone"),
    ("~ can't block alone.", "cant_block_alone"),
    ("~ can't attack or block alone.", "cant_attack_block_alone"),
])
def test_cr508_cr509_cant_attack_or_block_alone(text: str, effect: str) -> None:
    facts = _facts(text)
    assert [f for f in facts if f.startswith("continuous(")] == [f"continuous(A,1,f(A,1),{effect})."]


@pytest.mark.parametrize("word, effect", [("double", "damage_double"), ("triple", "damage_triple")])
def test_cr614_damage_multiplied_instead(word: str, effect: str) -> None:
    """CR 614.1a: "... it deals double/triple that damage to that permanent instead"."""
    text = (f"If a source would deal damage to a permanent, it deals {word} that damage to that "
            "permanent instead.")
    facts = _facts(text, type_line="Enchantment")
    assert f"effect(A,1,{effect}(it,that(f(A,1))))." in facts


@pytest.mark.parametrize("stat", ["power", "toughness", "mana value"])
def test_cr202_3_the_stat_of_a_permanent(stat: str) -> None:
    """"the mana value of the sacrificed permanent" is mana_value_of(Ref) like power_of(Ref):
    the merged template also dropped the stray "mana value" string the old alias kept
    (mana_value_of("mana value", Ref), on 12 corpus cards: Morbid Curiosity, Pyromancy, ...)."""
    term = stat.replace(" ", "_") + "_of"
    facts = _facts(f"Draw cards equal to the {stat} of target creature.", type_line="Sorcery")
    assert f"effect(A,1,draw_amount(you,{term}(target(f(A,1),1))))." in facts


def test_companion_mana_value_conditions_share_one_template() -> None:
    """CR 702.139a: Lurrus's "has mana value 2 or less" and Keruga's "cards with mana value 3 or
    greater" are the same comparison."""
    lurrus = _facts("Companion — Each permanent card in your starting deck has mana value 2 or less.",
                    name="L", type_line="Legendary Creature — Cat Nightmare")
    assert "keyword_param(A,each_card(f(A,1),mana_value(le,2)))." in lurrus
    keruga = _facts("Companion — Your starting deck contains only cards with mana value 3 or greater "
                    "and land cards.", name="K", type_line="Legendary Creature — Fish Kraken")
    assert "keyword_param(A,only(mana_value(ge,3),type(land)))." in keruga


def test_stubborn_burrowfiend_becomes_saddled() -> None:
    """The card that was the only reader of "becomes saddled" (CR 702.171b) keeps its event."""
    if not CORPUS.exists():
        pytest.skip("../shared/data/cards/cards.jsonl is absent")
    name = "Stubborn Burrowfiend"
    type_line, text = corpus_cards(CORPUS, {name})[name]
    pc = parse_card(name, text, type_line=type_line, power="2", toughness="2")
    a = f'ab(card("{name}"),1)'
    assert f"trigger({a},first_time_each_turn(saddled(f({a},1))))." in pc.to_asp().splitlines()
