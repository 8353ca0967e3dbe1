"""Templates general by construction (issue 12): one grammar template for a family of one-word
alternatives, the term of each word in a table of parser/terms.py.

"Whenever you scry / investigate / commit a crime ...", "whenever ~ is exiled / is countered",
"becomes tapped / saddled", "can't" + a rule of play, "enters tapped", "is indestructible", "deal
double / triple that damage", "the power / toughness / mana value of ~", "during your turn /
combat / an opponent's upkeep", "spend this mana only to pay generic mana costs / unlock a door"
and a companion's "mana value N or less" were one alias per word, many read by one card. The expected terms below are those
the per-word aliases printed before the merge (an independent record: benchmarks/facts_dump.py
found every corpus card's facts unchanged but for the mana value fix tested last)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgasp.parser import parse_card
from mtgasp.parser.build import GRAMMAR_DIR
from mtgasp.parser.terms import EVENT_WORDS, FILTER_WORDS, SPEND_WORDS, TIME_WORDS, VERB_WORDS

from asp import corpus_cards

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cards" / "cards.jsonl"

#: the !rule of one-word alternatives → the word tables of the aliases that use it
RULES = {
    ("triggers", "action_word"): [EVENT_WORDS["ev_action"]],
    ("triggers", "is_word"): [EVENT_WORDS["ev_is"]],
    ("triggers", "become_word"): [EVENT_WORDS["ev_become"]],
    ("verbs", "cant_phrase"): [VERB_WORDS["v_cant"]],
    ("verbs", "enter_state"): [VERB_WORDS["v_enter_state"]],
    ("verbs", "is_state"): [VERB_WORDS["v_is_state"]],
    ("effects", "during_time"): [TIME_WORDS],
    ("effects", "spend_phrase"): [SPEND_WORDS],
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
    ("Whenever you commit a crime, you gain 1 life.", "crime(you)"),
    ("Whenever you pay life, you gain 1 life.", "pay_life(you)"),
    ("Whenever you solve a Case, you gain 1 life.", "solve_case(you)"),
    ("Whenever you win a coin flip, you gain 1 life.", "coin_won(you)"),
    ("Whenever you complete a dungeon, you gain 1 life.", "dungeon(you)"),
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


@pytest.mark.parametrize("text, type_line, effect", [
    ("~ can't transform.", "Creature — Elf", "cant_transform"),
    ("Your opponents can't win the game.", "Enchantment", "cant_win_game"),
    ("~ enters tapped.", "Land", "enters_tapped"),  # CR 614.1c
    ("Creatures your opponents control enter the battlefield tapped.", "Enchantment", "enters_tapped"),
    ("Creatures you control enter tapped and attacking.", "Enchantment", "enters_tapped_attacking"),
])
def test_rules_of_play_read_by_their_phrase(text: str, type_line: str, effect: str) -> None:
    facts = _facts(text, type_line=type_line)
    assert [f for f in facts if f.startswith("continuous(")] == [f"continuous(A,1,f(A,1),{effect})."]


def test_is_indestructible_this_turn() -> None:
    facts = _facts("Target creature is indestructible this turn.", type_line="Instant")
    assert "effect(A,1,apply(target(f(A,1),1),is_indestructible,this_turn))." in facts


@pytest.mark.parametrize("text, restriction", [
    ("{T}: Draw a card. Activate only during an opponent's turn.", "activation_restriction(A,opponent_turn)."),
    ("{T}: Draw a card. Activate only during your upkeep.", "activation_restriction(A,your_upkeep)."),
    ("{T}: Draw a card. Activate only during combat.", "activation_restriction(A,combat)."),
    ("{T}: Draw a card. Activate only during an opponent's upkeep.", "activation_restriction(A,opponent_upkeep)."),
])
def test_cr602_5_activate_only_during(text: str, restriction: str) -> None:
    """CR 602.5b: "Activate only during ..." — one template for every time; "an opponent's
    upkeep" was read only as a casting restriction before (Trade Caravan was unsupported)."""
    assert restriction in _facts(text, type_line="Artifact")


@pytest.mark.parametrize("time, term", [
    ("combat", "combat"), ("an opponent's upkeep", "opponent_upkeep"),
    ("the declare blockers step", "declare_blockers"), ("your turn", "your_turn"),
])
def test_cast_only_during(time: str, term: str) -> None:
    pc = parse_card("X", f"Cast this spell only during {time}.\nDraw a card.", type_line="Instant")
    assert pc.fully_parsed and f'cast_restriction(ab(card("X"),1),{term}).' in pc.to_asp().splitlines()


def test_during_your_turn_as_a_condition() -> None:
    assert "effect_condition(A,1,during(your_turn))." in _facts("During your turn, ~ has flying.")


@pytest.mark.parametrize("phrase, term", [
    ("pay generic mana costs", "pay_generic_costs"), ("unlock a door", "unlock_door"),
    ("gain a class level", "gain_class_level"), ("pay cumulative upkeep costs", "pay_cumulative_upkeep"),
])
def test_cr106_6_spend_this_mana_only_to(phrase: str, term: str) -> None:
    facts = _facts(f"{{T}}: Add {{C}}. Spend this mana only to {phrase}.", type_line="Artifact")
    assert f"mana_spend_restriction(A,{term})." in facts


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


def test_trade_caravan_untaps_during_an_opponents_upkeep() -> None:
    """A card the merge made readable: its second ability is restricted to an opponent's upkeep."""
    if not CORPUS.exists():
        pytest.skip("../shared/data/cards/cards.jsonl is absent")
    name = "Trade Caravan"
    type_line, text = corpus_cards(CORPUS, {name})[name]
    pc = parse_card(name, text, type_line=type_line)
    assert pc.fully_parsed, pc.unsupported
    assert f'activation_restriction(ab(card("{name}"),2),opponent_upkeep).' in pc.to_asp().splitlines()


def test_stubborn_burrowfiend_becomes_saddled() -> None:
    """The card that was the only reader of "becomes saddled" (CR 702.171b) keeps its event."""
    if not CORPUS.exists():
        pytest.skip("../shared/data/cards/cards.jsonl is absent")
    name = "Stubborn Burrowfiend"
    type_line, text = corpus_cards(CORPUS, {name})[name]
    pc = parse_card(name, text, type_line=type_line, power="2", toughness="2")
    a = f'ab(card("{name}"),1)'
    assert f"trigger({a},first_time_each_turn(saddled(f({a},1))))." in pc.to_asp().splitlines()
