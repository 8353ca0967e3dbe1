"""CR 122.1 / 406: "exile <noun phrase> with a <kind> counter on it" puts the counter on the
exiled card; it does not restrict what can be exiled (issue 12, the grammar-collision review).

At "with" the LALR parser is still inside the noun phrase and cannot see the verb; the lexer
marks that "with" (WITH_COUNTER_ON, parser/lexer_lists.py ``_counter_put_with``) when it is
followed by "a/an/N <kind> counter(s) on it/them" at the end of a clause whose verb is "exile",
and the exile verb phrase takes the marked tail (grammar/verbs.lark, ``v_exile_with_counters``
→ ``exile_with_counters(Who, Object, N, Kind)``, the fact shape "exile it with N time counters
on it" already had). Elsewhere the same words keep their filter reading (``has_counter``): a
card *already* in exile with a counter on it. The texts are the cards' Oracle texts; the
expected facts are read off them fact by fact.
"""

from __future__ import annotations

import pytest
from asp import Case, ability_facts

from mtgasp.parser.build import get_parser
from mtgasp.parser.lexer import tokenize

ANIMUS = ("At the beginning of your end step, exile up to one target legendary creature card from "
          "a graveyard with a memory counter on it.\n{T}: Until your next turn, target legendary "
          "creature you control becomes a copy of target creature card in exile with a memory "
          "counter on it. Activate only as a sorcery.")
KARN = ("[+1]: Reveal the top two cards of your library. An opponent chooses one of them. Put that "
        "card into your hand and exile the other with a silver counter on it.\n[-1]: Put a card "
        "you own with a silver counter on it from exile into your hand.")

# the counter goes on the exiled card: one exile_with_counters effect, no has_counter filter
PUTS_THE_COUNTER = [
    Case("Rayami, First of the Fallen", "If a nontoken creature would die, exile that card with a "
         "blood counter on it instead.", "Legendary Creature — Vampire", 1, [
        'ability_text(A,"If a nontoken creature would die, exile that card with a blood counter on it instead.")',
        "card_ability(C,A)",
        'effect(A,1,exile_with_counters(you,that(f(A,1)),1,"blood"))',
        "filter(f(A,1),1,card)",
        "filter(f(A,2),1,non(token))",
        "filter(f(A,2),1,type(creature))",
        "replacement(A)",
        "replaces(A,die(some(f(A,2),1)))",
        "static(A)",
    ]),
    # "an ice counter": the filter reading had no "an" and left the ability unread
    Case("Draugr Necromancer", "If a nontoken creature an opponent controls would die, exile that "
         "card with an ice counter on it instead.", "Snow Creature — Zombie Cleric", 1, [
        'ability_text(A,"If a nontoken creature an opponent controls would die, exile that card with an ice counter on it instead.")',
        "card_ability(C,A)",
        'effect(A,1,exile_with_counters(you,that(f(A,1)),1,"ice"))',
        "filter(f(A,1),1,card)",
        "filter(f(A,2),1,controller(opponent))",
        "filter(f(A,2),1,non(token))",
        "filter(f(A,2),1,type(creature))",
        "replacement(A)",
        "replaces(A,die(some(f(A,2),1)))",
        "static(A)",
    ]),
    # the target is any legendary creature card in a graveyard, counter or not
    Case("The Animus", ANIMUS, "Legendary Artifact", 1, [
        'ability_text(A,"At the beginning of your end step, exile up to one target legendary creature card from a graveyard with a memory counter on it.")',
        "card_ability(C,A)",
        'effect(A,1,exile_with_counters(you,target_up_to(f(A,1),1),1,"memory"))',
        "filter(f(A,1),1,card)",
        "filter(f(A,1),1,in_zone(graveyard(any)))",
        "filter(f(A,1),1,supertype(legendary))",
        "filter(f(A,1),1,type(creature))",
        "trigger(A,phase(end,you))",
        "triggered(A)",
    ]),
    Case("Karn, Scion of Urza", KARN, "Legendary Planeswalker — Karn", 1, [
        'ability_text(A,"[+1]: Reveal the top two cards of your library. An opponent chooses one of them. Put that card into your hand and exile the other with a silver counter on it.")',
        "activated(A)",
        "card_ability(C,A)",
        "cost(A,loyalty(1))",
        "effect(A,1,reveal_top(you,2,you))",
        "effect(A,2,choose(some(f(A,1),1),one_of(them)))",
        "effect(A,3,put_hand(that(f(A,2)),you))",
        'effect(A,4,exile_with_counters(you,that(f(A,3)),1,"silver"))',
        "filter(f(A,1),1,opponent)",
        "filter(f(A,2),1,card)",
        "filter(f(A,3),1,other)",
    ]),
]

# the same words where no card is being exiled: a card already in exile with that counter
KEEPS_THE_FILTER = [
    Case("Karn, Scion of Urza", KARN, "Legendary Planeswalker — Karn", 2, [
        'ability_text(A,"[-1]: Put a card you own with a silver counter on it from exile into your hand.")',
        "activated(A)",
        "card_ability(C,A)",
        "cost(A,loyalty(-1))",
        "effect(A,1,put_hand(some(f(A,1),1),you))",
        "filter(f(A,1),1,card)",
        'filter(f(A,1),1,has_counter("silver"))',
        "filter(f(A,1),1,in_zone(exile))",
        "filter(f(A,1),1,owner(you))",
    ]),
    Case("The Animus", ANIMUS, "Legendary Artifact", 2, [
        'ability_text(A,"{T}: Until your next turn, target legendary creature you control becomes a copy of target creature card in exile with a memory counter on it. Activate only as a sorcery.")',
        "activated(A)",
        "activation_restriction(A,sorcery_speed)",
        "card_ability(C,A)",
        "cost(A,tap)",
        "effect(A,1,apply(target(f(A,1),1),copy_of(target(f(A,2),1)),until_your_next_turn))",
        "filter(f(A,1),1,controller(you))",
        "filter(f(A,1),1,supertype(legendary))",
        "filter(f(A,1),1,type(creature))",
        "filter(f(A,2),1,card)",
        'filter(f(A,2),1,has_counter("memory"))',
        "filter(f(A,2),1,in_zone(exile))",
        "filter(f(A,2),1,type(creature))",
    ]),
    # "exile it with ...": read as before (the noun phrase "it" takes no post-modifier)
    Case("Dauthi Voidwalker", "If a card would be put into an opponent's graveyard from anywhere, "
         "instead exile it with a void counter on it.", "Creature — Dauthi Rogue", 1, [
        'ability_text(A,"If a card would be put into an opponent\'s graveyard from anywhere, instead exile it with a void counter on it.")',
        "card_ability(C,A)",
        'effect(A,1,exile_with_counters(you,it,1,"void"))',
        "filter(f(A,1),1,card)",
        "replacement(A)",
        "replaces(A,be_put_into(some(f(A,1),1),graveyard(opponent)))",
        "static(A)",
    ]),
]


@pytest.mark.parametrize("case", PUTS_THE_COUNTER, ids=str)
def test_cr122_1_exile_with_a_counter_puts_it_on_the_exiled_card(case: Case) -> None:
    assert ability_facts(case.name, case.text, case.type_line, case.index) == case.facts


@pytest.mark.parametrize("case", KEEPS_THE_FILTER, ids=str)
def test_cr122_1_a_card_with_a_counter_outside_an_exile_clause_is_a_filter(case: Case) -> None:
    assert ability_facts(case.name, case.text, case.type_line, case.index) == case.facts


def _marked(text: str) -> list[str]:
    p = get_parser()
    return [value for types, value, *_ in tokenize(text, p.vocab) if types[0] == "WITH_COUNTER_ON"]


@pytest.mark.parametrize("text, marked", [
    ("Exile that card with an ice counter on it instead.", ["with"]),
    ("Exile the other with a silver counter on it.", ["with"]),
    ("Exile it with X time counters on it, where X is its mana value.", ["with"]),
    # "exile" is the zone, not the verb
    ("Put a card from exile with a silver counter on it into your hand.", []),
    ("Target creature card in exile with a memory counter on it.", []),
    # no exile verb in the sentence, or the counter phrase does not end the clause
    ("Put a card you own with a silver counter on it from exile into your hand.", []),
    ("Exile target creature. Return a card with a memory counter on it.", []),
    ("Exile target creature with a +1/+1 counter on it from the battlefield.", []),
])
def test_the_lexer_marks_with_only_at_the_end_of_an_exile_clause(text: str, marked: list[str]) -> None:
    assert _marked(text) == marked
