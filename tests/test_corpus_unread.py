"""The corpus report's "facts no rule reads" (mtgasp.reads), judged once per distinct printed
ability (bridge/corpus_unread.py ``card_unread``, keyed by ``ParsedAbility.template``) and once per
distinct characteristic field, must equal the verdict of every fact of the card judged on its
own. The independent basis: each fact of the card read back as a clingo symbol
(``ParsedCard.facts``) and judged by ``ReadTable.unread`` — clingo's term reader and
``kind_of``, not the text splitter the report uses."""

from __future__ import annotations

from pathlib import Path

import pytest

import mtgasp.corpus_unread as corpus
from mtgasp.corpus import iter_card_records
from mtgasp.parser import parse_card
from mtgasp.reads import read_table

CORPUS = Path(__file__).parent.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"


def _record(name: str, text: str, type_line: str = "Creature — Human Wizard", **extra) -> dict:
    rec = {"name": name, "mana_cost": "{1}{B}", "type_line": type_line, "oracle_text": text,
           "power": "2", "toughness": "2", "loyalty": None, "defense": None, "color_indicator": None}
    rec.update(extra)
    return rec


def _parse(rec: dict):
    return parse_card(rec["name"], rec["oracle_text"], type_line=rec["type_line"], mana_cost=rec["mana_cost"],
                      power=rec["power"], toughness=rec["toughness"], loyalty=rec["loyalty"],
                      defense=rec["defense"], color_indicator=rec["color_indicator"])


def _unread_fact_by_fact(pc) -> tuple[str, ...]:
    """Every fact of the card judged on its own, from its clingo symbol."""
    table = read_table()
    return tuple(sorted({why for s in pc.facts for why in [table.unread(s)] if why is not None}))


def _forget() -> None:
    for memo in (corpus._BY_TEMPLATE, corpus._BY_LINE, corpus._BY_SHAPE, corpus._BY_TYPE_LINE,
                 corpus._BY_MANA_COST, corpus._BY_NUMBERS, corpus._BY_COLORS):
        memo.clear()


def test_template_with_the_card_and_number_is_the_ability_block() -> None:
    """ParsedAbility.template, its placeholders replaced by the card term and the ability's
    number, is the ability's block of facts, the level range of a level symbol's abilities
    (CR 711.2) included."""
    pc = parse_card("Student of Warfare", "Level up {W} ({W}: Put a level counter on this. Level up only as a "
                    "sorcery.)\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike",
                    type_line="Creature — Human Knight", power="1", toughness="1")
    card = 'card("Student of Warfare")'
    assert len(pc.abilities) == 7
    for ability, (_comment, facts) in zip(pc.abilities, pc.texts[1:], strict=True):
        assert ability.template.replace("\x01", card).replace("\x02", str(ability.index)) == "\n".join(facts)
    conditions = [f for _c, facts in pc.texts[1:] for f in facts if f.startswith("ability_condition(")]
    assert conditions == [f"ability_condition(ab({card},{n}),level_range({r}))"
                          for n, r in ((3, "2,6"), (4, "2,6"), (6, "7,infinity"), (7, "7,infinity"))]


def test_a_placeholder_character_in_the_text_gives_no_template() -> None:
    pc = parse_card("Odd\x02Name", "Flying", type_line="Creature — Bird")
    assert [a.template for a in pc.abilities] == [None]
    rec = _record("Odd\x02Name", "Flying", type_line="Creature — Bird")
    assert corpus.card_unread(rec, pc) == _unread_fact_by_fact(pc) == ()


def test_an_ability_on_another_card_and_at_another_number_gets_the_same_verdict() -> None:
    """The same ability on two cards of other names, as ability 2 and as ability 1: one
    template, judged once, and each card's verdict is that of its facts one by one. "Discard"
    and "token_pt" are among what no rule reads yet (the corpus report's list)."""
    _forget()
    first = _record("Grave Scholar", "Flying\nWhen Grave Scholar enters, each opponent discards a card.")
    second = _record("Tomb Reader", "When Tomb Reader enters, each opponent discards a card.",
                     type_line="Creature — Zombie", mana_cost="{2}{B}", power="3", toughness="1")
    a, b = _parse(first), _parse(second)
    assert a.abilities[1].template == b.abilities[0].template
    expected_a, expected_b = _unread_fact_by_fact(a), _unread_fact_by_fact(b)
    assert "no rule reads the discard/2 of effect/3" in expected_a
    assert corpus.card_unread(first, a) == expected_a
    assert b.abilities[0].template in corpus._BY_TEMPLATE  # judged with the first card
    assert corpus.card_unread(second, b) == expected_b


def test_abilities_of_other_texts_that_print_alike_are_judged_once() -> None:
    """An ability with an ability word (CR 207.2c: it has no rules meaning) and the same
    ability without it: two templates (their texts differ), their facts after the head judged
    once, and each card's verdict is that of its facts one by one."""
    _forget()
    plain = _record("Tomb Reader", "When this creature enters, each opponent discards a card.")
    worded = _record("Raid Reader", "Raid — When this creature enters, each opponent discards a card.")
    a, b = _parse(plain), _parse(worded)
    assert a.abilities[0].template != b.abilities[0].template
    assert corpus.card_unread(plain, a) == _unread_fact_by_fact(a)
    judged = dict(corpus._BY_LINE)
    assert corpus.card_unread(worded, b) == _unread_fact_by_fact(b)
    assert corpus._BY_LINE == judged and len(corpus._BY_TEMPLATE) == 2


def test_the_printer_gives_each_ability_its_facts_after_the_head() -> None:
    """parser.fact_lines: an ability's facts after its head facts (card_ability, ability_text,
    any ability_word), as the printer wrote them: the template's lines but for the head, for
    a parsed ability, an unsupported one and one with an ability word; none known for a level
    symbol's ability whose template gets its level range (CR 711.2) added per card."""
    from mtgasp.parser import fact_lines

    pc = parse_card("Raid Reader", "Raid — When this creature enters, each opponent discards a card.\n"
                    "Flying, frobnicate 3\nZorp the glorp.", type_line="Creature — Human")
    heads = (3, 2, 2, 2)
    assert len(pc.abilities) == len(heads)
    for ability, head in zip(pc.abilities, heads, strict=True):
        lines = ability.template.split("\n")
        assert lines[0].startswith("card_ability(") and lines[1].startswith("ability_text(")
        assert fact_lines(ability.template) == tuple(lines[head:])
    assert fact_lines(pc.abilities[3].template) == ("unsupported(\x01,\x02)",)
    leveled = parse_card("Student of Warfare", "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike",
                         type_line="Creature — Human Knight", power="1", toughness="1")
    assert "ability_condition(" in leveled.abilities[-1].template
    assert fact_lines(leveled.abilities[-1].template) is None


def test_characteristic_fields_judged_once_each() -> None:
    """A planeswalker's loyalty (card_loyalty/2, read by no rule yet) and a battle's defense:
    the characteristic facts' verdict comes from their fields' values."""
    _forget()
    walker = _record("Vessa, Seer", "+1: Draw a card.", type_line="Legendary Planeswalker — Vessa",
                     power=None, toughness=None, loyalty="4")
    battle = _record("Siege of Ur", "When this Siege enters, draw a card.", type_line="Battle — Siege",
                     power=None, toughness=None, defense="5", color_indicator=["R"])
    for rec in (walker, battle, walker):
        pc = _parse(rec)
        assert corpus.card_unread(rec, pc) == _unread_fact_by_fact(pc)
    assert "no rule reads card_loyalty/2" in _unread_fact_by_fact(_parse(walker))


def _corpus_sample(step: int) -> list[dict]:
    if not CORPUS.exists():
        pytest.skip(f"the card corpus is not at {CORPUS}")
    return list(iter_card_records(CORPUS))[::step]


def _check(recs: list[dict]) -> None:
    _forget()
    wrong = []
    for rec in recs:
        pc = _parse(rec)
        got, expected = corpus.card_unread(rec, pc), _unread_fact_by_fact(pc)
        if got != expected:
            wrong.append((rec["name"], got, expected))
    assert wrong == []


def test_corpus_sample_verdicts_equal_fact_by_fact() -> None:
    """Every 40th card of the corpus (~800 cards)."""
    _check(_corpus_sample(40))


@pytest.mark.slow
def test_corpus_verdicts_equal_fact_by_fact() -> None:
    _check(_corpus_sample(1))


def test_verdicts_stay_right_when_the_reason_bits_are_forgotten(monkeypatch) -> None:
    """Each reason is a bit of the memos' masks; past a bound every bit and mask is forgotten
    (the reasons come from the user's file). With a bound of 2 the bits are forgotten again and
    again, also while a card is judged, and every card's verdict is still that of its facts."""
    monkeypatch.setattr(corpus, "_MAX_REASONS", 2)
    recs = [_record("Grave Scholar", "Flying\nWhen Grave Scholar enters, each opponent discards a card."),
            _record("Vessa, Seer", "+1: Draw a card.", type_line="Legendary Planeswalker — Vessa",
                    power=None, toughness=None, loyalty="4"),
            _record("Pyre Caller", "When Pyre Caller enters, each opponent discards a card.\nWhen Pyre Caller "
                    "dies, each player sacrifices a creature.\nWhenever Pyre Caller attacks, return target "
                    "creature to its owner's hand.\nMill two cards.", color_indicator=["R"], loyalty="3")]
    for rec in recs + recs:
        pc = _parse(rec)
        assert corpus.card_unread(rec, pc) == _unread_fact_by_fact(pc)
    assert len(_unread_fact_by_fact(_parse(recs[2]))) > 2


@pytest.mark.slow
def test_printed_fact_lines_are_the_templates_lines_on_the_corpus() -> None:
    """On every ability of the corpus: parser.fact_lines of its template, when known, is the
    template's lines after its head facts (card_ability, ability_text, any ability_word): what
    the report judges without splitting is what the text says."""
    from mtgasp.parser import fact_lines

    known = 0
    for rec in _corpus_sample(1):
        for ability in _parse(rec).abilities:
            lines = fact_lines(ability.template)
            if lines is None:
                continue
            text_lines = ability.template.split("\n")
            head = 3 if text_lines[2].startswith("ability_word(") else 2
            assert lines == tuple(text_lines[head:]), (rec["name"], ability.text)
            known += 1
    assert known > 50_000
