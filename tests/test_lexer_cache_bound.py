"""The lexer's per-vocabulary caches of words and chunks are bounded (issue 13: a long-lived
process reading hostile text must not grow without bound), and emptying them changes no token."""

from mtgasp.parser import lexer
from mtgasp.parser.build import get_parser


def _tokens(text: str, vocab) -> list[tuple]:
    return lexer.tokenize(text, vocab)  # pre-tokens: (types, value, start, end, low) tuples


def test_word_and_chunk_caches_stay_within_their_bound(monkeypatch):
    vocab = get_parser().vocab
    monkeypatch.setattr(lexer, "WORD_CACHE_MAX", 50)
    # empty caches for this test (earlier tests filled the shared vocabulary's)
    monkeypatch.setattr(vocab, "word_cache", ({}, {}))
    monkeypatch.setattr(vocab, "chunk_cache", ({}, {}))
    text = "Draw a card, then discard a card."
    before = _tokens(text, vocab)
    for k in range(400):  # made-up words, each a new chunk and a new word, in both positions
        lexer.tokenize(f"Zq{k}x gains flying. Yq{k}x draws.", vocab)
        for cache in (*vocab.word_cache, *vocab.chunk_cache):
            assert len(cache) <= 50
    assert len(before) == 9  # Draw a card , then discard a card .
    assert _tokens(text, vocab) == before
