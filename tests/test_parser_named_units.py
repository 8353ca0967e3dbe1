"""CR 201.5: text that names the card it is on means that object, whatever the name: an ability
that names its card reads the same for every card (parser/__init__.py parses it once, with the
names as "~"), and each card's spans and error columns still point into its own Oracle text."""

from __future__ import annotations

import pytest

import mtgasp.parser as P

#: one unit per line: a keyword line naming the card, an ability word, a quoted ability naming
#: the card, a sentence the grammar cannot read after one naming the card, a keyword line with
#: an unreadable part
LINES = (
    "Flying, ward—Sacrifice {n}.",
    "Landfall — Whenever a land you control enters, {n} gets +1/+1 until end of turn.",
    'Creatures you control have "{{T}}: {n} deals 1 damage to you."',
    "At the beginning of your upkeep, {n} deals 1 damage to you. {n} frobnicates.",
    "Flying, frobnicate {n}",
)
NAMES = ("Bo", "Bartholomew the Long")


def _card(name: str) -> P.ParsedCard:
    return P.parse_card(name, "\n".join(line.format(n=name) for line in LINES), type_line="Creature — Elf")


def _view(pc: P.ParsedCard) -> tuple:
    card = f'card("{pc.name}")'
    return (tuple((a.index, a.text, a.span, a.supported, a.message, a.kinds) for a in pc.abilities),
            tuple((c, tuple(t.replace(card, "C") for t in ts)) for c, ts in pc.texts))


@pytest.fixture
def empty_cache():
    P._UNIT_CACHE.clear()
    yield
    P._UNIT_CACHE.clear()


def test_cr201_5_named_ability_reads_alike_for_every_name(empty_cache):
    """The second card's abilities come from the first card's "~" texts: the same as when it
    is parsed alone, and the same facts as the first card's but for the card term."""
    first = _card(NAMES[0])
    warm = _view(_card(NAMES[1]))
    P._UNIT_CACHE.clear()
    cold = _view(_card(NAMES[1]))
    assert warm == cold
    assert [fs for _, fs in warm[1]] == [fs for _, fs in _view(first)[1]]


@pytest.mark.parametrize("name", NAMES)
def test_cr201_5_spans_and_columns_point_into_the_cards_own_text(empty_cache, name):
    for other in NAMES:  # the other name first: its "~" texts are then in the cache
        if other != name:
            _card(other)
    pc = _card(name)
    text = "\n".join(line.format(n=name) for line in LINES)
    expected = ["Flying", f"ward—Sacrifice {name}.", LINES[1].format(n=name), LINES[2].format(n=name),
                LINES[3].format(n=name), "Flying", f"frobnicate {name}"]
    assert [a.text for a in pc.abilities] == expected
    for a in pc.abilities:
        assert text[a.span[0]:a.span[1]] == a.text
    assert [a.supported for a in pc.abilities] == [True, True, True, True, False, True, False]
    # the column of the word the grammar stopped at, counted in the ability's own text
    bad = pc.abilities[4]
    col = bad.text.index("frobnicates") + 1
    assert bad.message.startswith(f"unexpected 'frobnicates' at column {col}; expected ")
    assert pc.abilities[6].message.startswith("unexpected 'frobnicate' at column 1; expected ")
    # the quoted ability's text names its card as "~" (docs/facts.md ability_text/2)
    assert any(t == 'ability_text(ab(C,4,1),"{T}: ~ deals 1 damage to you.")'
               for t in _view(pc)[1][4][1])  # block 0: the card's characteristics


def test_cr711_template_holds_the_level_condition_of_the_abilities_after_a_level_symbol():
    """ParsedAbility.template is the ability's facts with the placeholders \\x01 (card term) and
    \\x02 (its number): written in, it is the ability's block of ParsedCard.texts; an ability
    after a level symbol (CR 711.2) needs its range (ability_condition/2)."""
    text = "Level up {1}{W}\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
    pc = P.parse_card("Bo", text, type_line="Creature — Human Warrior")
    card = 'card("Bo")'
    for a, (_comment, facts) in zip(pc.abilities, pc.texts[1:]):
        assert a.template is not None
        assert tuple(a.template.replace("\x01", card).replace("\x02", str(a.index)).split("\n")) == facts
    conditions = {a.text: [f for f in facts if f.startswith("ability_condition(")]
                  for a, (_c, facts) in zip(pc.abilities, pc.texts[1:])}
    assert conditions["First strike"] and conditions["Double strike"]
    assert conditions["First strike"] != conditions["Double strike"]
    assert not conditions["Level up {1}{W}"]
