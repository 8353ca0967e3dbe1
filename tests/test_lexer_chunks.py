"""The lexer reads most text chunk by chunk from its cache (``lexer._replay``); the regular
expression ``_PRE`` read over the whole text (``lexer._scan``) is the reference it must agree
with, token for token (types, value, offsets) and in the tokens the marking walk visits. Checked
on texts where a chunk's reading could depend on the text around it (a line break or two spaces
between words, a hyphen or apostrophe first, a name right before, a spaced dash, a die-result
range, a Roman numeral, a multi-word subtype) and on every unit of the corpus (slow)."""

import pytest

from corpus_units import corpus_unit_bodies
from mtgasp.parser import lexer
from mtgasp.parser.build import get_parser

#: (text, the card's names)
TEXTS = [
    ("Level up {2}\nLEVEL 1-3\n2/3\nFlying", ()),
    ("Draw a  card.  Then discard a card.", ()),
    ("Target creature gets -1/-1 until end of turn. ~'s power is 2.", ("Serra Angel", "Serra")),
    ("Serra Angel's power is 2. Serra's toughness is -1.", ("Serra Angel", "Serra")),
    ("Choose one - Draw a card.", ()),
    ("Choose one -\nDraw a card.", ()),
    ("Roll a d20.\n1-9 | You lose 2 life.\n10-19 | Draw a card.", ()),
    ("Brimstone-9 | Draw a card.", ("Brimstone",)),
    ("Lands you control have '{T}: Add {C}.' Brimstone'{T}: Add {R}.'", ("Brimstone",)),
    ("Creatures you control get -X/-0 and 'Sacrifice this creature: Draw a card.'", ()),
    ("I, II — Draw a card.\nIII — Discard a card.", ()),
    ("IV — Exile it. I II, III. Lord of Time Lords, X.", ()),
    ("Brimstone’s power and Brimstone's, Brimstone'st and Brimstone'{T}.", ("Brimstone",)),
    ("Search your library for a Time Lord card, reveal it, then shuffle.", ()),
    ("Target creature gets +2/-2. (It gets -1/-1 and 'X' and - and \n- too.) Then -2/-2.", ()),
    ("It's 1-2 - then 3 '{G}' and \"{T}: Add {G}.\"", ()),
]


def _streams(text: str, names: tuple[str, ...], vocab, monkeypatch, chunks: bool) -> list:
    """Each marking walk's input while ``text`` is tokenised (tokens and the starts it visits),
    read by chunks as the lexer does or, with ``chunks`` False, by the regular expression."""
    seen = []

    def record(toks, vocab_, starts):
        # (the chunks may list the token "before" a first word "Counter": index -1, never visited)
        seen.append((list(toks), None if starts is None else sorted({i for i in starts if i >= 0})))
        return toks

    monkeypatch.setattr(lexer, "mark_tokens", record)
    if not chunks:
        monkeypatch.setattr(lexer, "_replay", lambda *args: None)
    lexer.tokenize(text, vocab, names)
    monkeypatch.undo()
    return seen


def test_chunks_read_as_the_regular_expression(monkeypatch):
    vocab = get_parser().vocab
    for text, names in TEXTS:
        ref = _streams(text, names, vocab, monkeypatch, chunks=False)
        assert ref and ref[0][0], text
        assert _streams(text, names, vocab, monkeypatch, chunks=True) == ref, text
        # (the second reading comes from the chunk cache the first one filled)
        assert _streams(text, names, vocab, monkeypatch, chunks=True) == ref, text


def test_a_line_break_reads_as_a_space(monkeypatch):
    vocab = get_parser().vocab
    text = "Flying\nWhenever ~ attacks, draw a card."
    toks = lexer.tokenize(text, vocab, ("Serra",))
    assert [t[1] for t in toks] == ["Flying", "Whenever", "~", "attacks", ",", "draw", "a", "card", "."]
    assert [(t[2], t[3]) for t in toks[:2]] == [(0, 6), (7, 15)]


@pytest.mark.slow
def test_chunks_read_as_the_regular_expression_on_the_corpus(monkeypatch):
    vocab = get_parser().vocab
    differ = []
    count = 0
    for body, names in corpus_unit_bodies():
        count += 1
        if _streams(body, names, vocab, monkeypatch, True) != _streams(body, names, vocab, monkeypatch, False):
            differ.append(body)
    assert count > 30_000
    assert differ == []
