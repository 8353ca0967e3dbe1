"""The corpus report's counts (bridge/corpus_counts.py): counted card by card in one process, or
batch by batch in workers and added up in order (``--jobs N``), the figures are the same, first
cards (the templates' examples, the unread reasons' examples) included."""

from __future__ import annotations

import pytest

from mtgasp.corpus_counts import Counts
from mtgasp.corpus_text import ability_verdict
from mtgasp.parser import parse_card

_CARDS = [
    ("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}."),
    ("Frobnicator", "Artifact", "Frobnicate all the things."),
    # its text begins with its name, which begins like a keyword: whether it is a keyword line
    # depends on the card's names (the verdict leaves it open)
    ("Flying Men", "Creature — Human", "Flying Men can't block."),
    ("Serra Angel", "Creature — Angel", "Flying, vigilance"),
    ("Grave Scholar", "Creature — Zombie", "When Grave Scholar enters, each opponent discards a card."),
    ("Zorp", "Sorcery", "Frobnicate all the things."),
    ("Flying Men", "Creature — Human", "Flying Men can't block."),
    ("Frobnicator II", "Artifact", "Frobnicate all the things.\nFlying"),
    ("Tomb Reader", "Creature — Zombie", "When Tomb Reader enters, each opponent discards a card."),
]


def _records() -> list[dict]:
    return [{"name": n, "mana_cost": "{1}", "type_line": t, "oracle_text": x, "power": None, "toughness": None,
             "loyalty": None, "defense": None, "color_indicator": None} for n, t, x in _CARDS]


def _parsed(recs: list[dict]) -> list:
    return [parse_card(r["name"], r["oracle_text"], type_line=r["type_line"], mana_cost=r["mana_cost"]) for r in recs]


def test_the_names_decide_some_keyword_lines() -> None:
    """The case the counts keep apart per card: "Flying Men can't block." begins like the
    keyword Flying, and is no keyword line once the card's name is "~"."""
    pc = parse_card("Flying Men", "Flying Men can't block.", type_line="Creature — Human")
    a = pc.abilities[0]
    assert ability_verdict(a.text, a.supported, a.kinds, False)[1] is None


@pytest.mark.parametrize("cut", range(1, len(_CARDS)))
def test_batches_added_up_equal_one_pass(cut: int) -> None:
    recs = _records()
    pcs = _parsed(recs)
    one = Counts()
    one.add(recs, pcs)
    whole = Counts()
    for lo, hi in ((0, cut), (cut, len(recs))):
        part = Counts()
        part.add(recs[lo:hi], pcs[lo:hi])
        whole.merge(part.state())
    assert whole.figures(30) == one.figures(30)
    assert (whole.cards, whole.full, whole.abilities, whole.parsed, whole.executable, whole.errors) == \
        (one.cards, one.full, one.abilities, one.parsed, one.executable, one.errors)
    assert whole.unread_cards == one.unread_cards


def test_counts_by_hand() -> None:
    """Counted by hand: 9 cards, 11 abilities (Serra Angel and Frobnicator II two each); the
    Frobnicate text is unsupported on three cards (one template, its example the first card);
    Flying Men's line is no keyword line on either card, Serra Angel's two keywords and
    Frobnicator II's Flying are."""
    recs = _records()
    counts = Counts()
    counts.add(recs, _parsed(recs))
    fig = counts.figures(30)
    assert counts.cards == 9 and counts.abilities == 11
    assert ("Frobnicate all the things.", 3, "Frobnicator") in fig["templates"]
    assert fig["keyword_lines"] == 3
