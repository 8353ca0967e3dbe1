"""The lexer's one marking walk (``lexer_markers.mark_tokens``) gives every token the markers that
the two passes it replaced gave one after the other: ``_mark_phrases``, then ``_mark_separators``
over its result, each finding the tokens it starts from itself (the lexer up to 2026-12, main
ba7a932). The walk rests on a claim (no marker changes what another rule reads: a token's word,
whether it is a verb, a description word, a symbol, a number or the object itself) and on the
starts the chunks record; both are checked here against the two passes, on texts that give every
marker, and on every unit of the corpus (slow)."""

import pytest

from corpus_units import corpus_unit_bodies
from mtgasp.parser import lexer
from mtgasp.parser.build import get_parser
from mtgasp.parser.lexer_lists import _mark_separators
from mtgasp.parser.lexer_markers import _mark_phrases, mark_tokens

#: texts whose tokens get, between them, every marker of the two passes (checked below)
TEXTS = [
    "You may cast it without paying its mana value. Exile a card at random from your graveyard.",
    "Choose a creature type. Creatures of the chosen type get +1/+1. Choose a card type and a land type.",
    "Choose a card name. Counter target spell with converted mana cost 3 or less.",
    "This ability costs {1} less to activate. If you would draw a card, instead you mill a card.",
    "If a creature would die, exile it instead if it's a token. Draw a card instead.",
    "Tap target creature, draw a card, and then discard a card.",
    "To cast a spell, activate an ability, or pay a cost, you must sacrifice a creature.",
    "Roll a d20.\n1-9 | You lose 2 life.\n10-19 | Draw a card.\n20 | Draw two cards.",
    "1—5 | Create a Treasure token.",
    "Destroy target creature that's tapped. Destroy all creatures that are tapped.",
    "Whenever ~ becomes blocked, destroy each creature blocking it. Creatures blocking or blocked by ~ get -1/-1.",
    "Each creature card put into your graveyard from anywhere this turn is exiled instead.",
    "Return a creature card with mana value 3 or less. You gain life equal to at least two.",
    "Target player sacrifices at least one creature. A spell cast this way costs {2} less.",
    "Look at the top four cards, put one into your hand and the rest on the bottom of your library.",
    "Whenever a creature attacking you dies, put a loyalty counter on each other creature.",
    "Creatures other than ~ get +1/+1. Each player draws a card. Each opponent loses 1 life.",
    "Put a +1/+1 counter, a flying counter, or a time counter on target creature you control.",
    "Exile target creature. Its controller may search for a card exiled with ~. Return the card from it to the battlefield.",
    "Exile target nonland permanent with three time counters on it. Sacrifice the Aura attached to it.",
    "Return target creature card from your graveyard to the battlefield. Counter this spell.",
    "Add {W}, {U}, or {B}. Add {R} or {G}. Add {C}{C} or 2.",
    "Destroy target artifact, creature, or enchantment. Target artifact or enchantment loses all abilities.",
    "Sacrifice a creature, except ~. Draw cards equal to X, where X is the number of cards in your hand.",
    "Tap target creature, and it doesn't untap during its controller's next untap step.",
    "Destroy target creature, a God, or a legendary enchantment. Target creature and each player lose 1 life.",
    "Return target card from your hand or graveyard to the battlefield. You draw a card and you gain 3 life.",
    "Destroy target creature and each artifact. Search your library for a creature card or an artifact card.",
    "Each player loses 2 life and 1 poison counter. Untap target creature and tap target land.",
    "Up to two target creatures each get +1/+1. Creatures on the battlefield can't block.",
    "Flying and double strike. Creatures you control and nonland cards you own have ward {1}.",
    '~ has "{T}: Add {G}." and "This creature gets +1/+1." This creature can\'t block.',
    "• Take the Elevator — Create a Treasure token.\n• Draw a card.",
    "II, III — Brimstone — Add {R}{R}. This way you choose a Time Lord card.",
    "Choose one or more — Lands you control have '{T}: Add {C}.' (Reminder text, creature type.)",
]

#: the markers the texts above must give between them (so each rule of both passes is met)
MARKERS = {
    "WITHOUT_PAYING", "AT_RANDOM", "MANA_VALUE", "CREATURE_TYPE", "CARD_TYPE", "LAND_TYPE",
    "CARD_NAME", "THIS_ABILITY", "INSTEAD_START", "INSTEAD_IF", "INSTEAD_END", "VP_COMMA",
    "SERIES_COMMA", "ROLL_NUM", "THATS_TAPPED", "BLOCKING_NP", "PUT_PP", "AT_LEAST", "CAST_PP",
    "REST_AND", "ATTACKING_YOU", "OTHER_THAN", "EACH_V", "THIS_WAY", "FROM_IT", "EXILED_WITH",
    "ATTACHED_TO", "ON_ZONE", "SYM_COMMA", "DESC_COMMA", "COMMA_EXCEPT", "CLAUSE_COMMA",
    "NP_COMMA", "COMMA_WHERE", "ZONE_SEP", "SYM_OR", "DESC_OR", "DESC_AND", "NP_AND", "NP_OR",
    "AND_NUM", "CLAUSE_AND", "VP_AND",
}


def _walk_and_passes(text: str, names: tuple[str, ...], vocab, monkeypatch) -> list[tuple]:
    """For each call of the marking walk while ``text`` is tokenised: (the walk's tokens, the two
    passes' tokens, the walk's tokens when it finds its starts itself)."""
    seen = []

    def record(toks, vocab_, starts):
        before = list(toks)
        walk = mark_tokens(toks, vocab_, starts)
        marked = _mark_phrases(list(before), vocab_, None)
        passes = _mark_separators(marked, vocab_, None)
        found = mark_tokens(list(before), vocab_, None)
        seen.append((list(walk), passes, found, before))  # (tokenize inserts into walk after)
        return walk

    monkeypatch.setattr(lexer, "mark_tokens", record)
    lexer.tokenize(text, vocab, names)
    return seen


def test_one_walk_gives_the_markers_of_the_two_passes(monkeypatch):
    vocab = get_parser().vocab
    given: set[str] = set()
    for text in TEXTS:
        for walk, passes, found, _ in _walk_and_passes(text, ("Brimstone",), vocab, monkeypatch):
            assert walk == passes, text
            assert found == passes, text
            given.update(x for t in passes for x in t[0] if x in MARKERS)
    assert MARKERS - given == set()


@pytest.mark.slow
def test_one_walk_gives_the_markers_of_the_two_passes_on_the_corpus(monkeypatch):
    vocab = get_parser().vocab
    differ = []
    count = 0
    for body, names in corpus_unit_bodies():
        for walk, passes, found, _ in _walk_and_passes(body, names, vocab, monkeypatch):
            count += 1
            if walk != passes or found != passes:
                differ.append(body)
    assert count > 30_000
    assert differ == []


def test_look_aheads_kept_per_stretch_answer_as_read_afresh():
    """_series_from and _list_from keep the last stretch they read (every index passed has its
    answer); asked in any order with that memo they answer as a fresh reading from each index."""
    from mtgasp.parser.lexer_lists import _list_from, _series_from

    vocab = get_parser().vocab
    seen = {_series_from: set(), _list_from: set()}
    for text in TEXTS:
        toks = lexer.tokenize(text, vocab, ("Brimstone",))
        n = len(toks)
        for look in (_series_from, _list_from):
            fresh = [look(toks, j, vocab, []) for j in range(n + 1)]
            seen[look].update(fresh)
            for order in (range(n + 1), range(n, -1, -1), [*range(0, n + 1, 2), *range(1, n + 1, 2)]):
                memo: list = []
                assert [look(toks, j, vocab, memo) for j in order] == [fresh[j] for j in order], text
    # the texts hold both answers of each look-ahead ("to cast a spell, activate an ability, or
    # pay a cost"; "artifact, creature, or enchantment")
    assert seen == {_series_from: {True, False}, _list_from: {True, False}}
