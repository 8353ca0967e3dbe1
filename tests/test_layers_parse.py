"""What the parser reads from the static abilities the layers apply (CR 613.1f): "lose all
abilities" and "can't be activated" describe their subject, so a static ability affects the
objects its subject names (``continuous(A, K, F, Eff)`` with F the subject), not "you".

Real Oracle texts (cards.jsonl); ``A`` stands for ``ab(card(Name), 1)``, ``C`` for the card.
"""

from __future__ import annotations

import pytest
from asp import Case, ability_facts

CASES = [
    Case("Humility", "All creatures lose all abilities and have base power and toughness 1/1.", "Enchantment", 1, [
        'ability_text(A,"All creatures lose all abilities and have base power and toughness 1/1.")',
        "card_ability(C,A)",
        "continuous(A,1,f(A,1),lose_all_abilities)",
        "continuous(A,2,f(A,1),set_base_pt(1,1))",
        "filter(f(A,1),1,type(creature))",
        "static(A)",
    ]),
    Case("Cursed Totem", "Activated abilities of creatures can't be activated.", "Artifact", 1, [
        'ability_text(A,"Activated abilities of creatures can\'t be activated.")',
        "card_ability(C,A)",
        "continuous(A,1,f(A,1),cant_be_activated)",
        "filter(f(A,1),1,ability)",
        "filter(f(A,1),1,activated)",
        "filter(f(A,1),1,of(each(f(A,2))))",
        "filter(f(A,2),1,type(creature))",
        "static(A)",
    ]),
    # a spell: the same verb is an apply/3 effect with its duration (docs/facts.md)
    Case("Test Turn to Frog", "Target creature loses all abilities until end of turn.", "Instant", 1, [
        'ability_text(A,"Target creature loses all abilities until end of turn.")',
        "card_ability(C,A)",
        "effect(A,1,apply(target(f(A,1),1),lose_all_abilities,until_end_of_turn))",
        "filter(f(A,1),1,type(creature))",
        "spell_effect(A)",
    ]),
]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_cr613_1f_lose_all_abilities_and_cant_be_activated_affect_their_subject(case: Case) -> None:
    assert ability_facts(case.name, case.text, case.type_line, case.index) == case.facts
