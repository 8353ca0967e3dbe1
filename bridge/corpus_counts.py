"""What the corpus report counts of parsed cards (``mtgasp corpus``, bridge/corpus.py), card by
card in one pass over each card's abilities, where the cards are parsed: :class:`Counts`.

Each ability is counted under its verdict's key (its text, whether it is supported, its kinds,
whether its card is a spell: :func:`~mtgasp.corpus_text.ability_verdict`), in one entry per key
that holds the verdict, the count and the first card's name: one look-up per ability. The
figures come from the entries at the end, once per key (:meth:`Counts.figures`). With
``--jobs N`` each worker counts its batch into a fresh :class:`Counts` and sends its plain
state back (:meth:`Counts.state`); the main process adds the batches up in order
(:meth:`Counts.merge`), so the first cards (the templates' examples, their ties) are the
same as when one process counts them all.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from .corpus_text import _keyword_line, ability_verdict
from .corpus_unread import card_unread

#: the report's ability classes, in the coverage table's order
CLASSES = ("mana", "keyword", "activated", "triggered", "static", "replacement", "spell")

#: a verdict's key → :func:`~mtgasp.corpus_text.ability_verdict`, kept across the batches a
#: process counts (the same ability recurs on many cards, and is judged once)
_VERDICTS: dict[tuple, tuple] = {}
_VERDICTS_MAX = 500_000


class Counts:
    """The report's counts over the cards added so far (:meth:`add`, :meth:`merge`)."""

    def __init__(self) -> None:
        self.cards = self.full = self.abilities = self.parsed = self.executable = 0
        #: a verdict's key → [its verdict, how many abilities, the first card's name, and when
        #: whether the text is a keyword line depends on its card's names: {that: [how many,
        #: the first card's name]}], in the order of the keys' first cards
        self.entries: dict[tuple, list] = {}
        #: a card's unread reasons (a sorted tuple, the same object for many cards) → [how many
        #: cards, the first card's number (1-based, in the cards added), its name]
        self.unread_cards: dict[tuple[str, ...], list] = {}
        self.errors: list[dict[str, str]] = []
        self.alias_cards: Counter[str] = Counter()
        self.alias_example: dict[str, str] = {}
        #: type line → whether its card's abilities count as a spell's (see ability_verdict)
        self._spell_of: dict[str, bool] = {}

    def add(self, recs: Iterable[dict[str, Any]], parsed: Iterable[Any],
            used: Iterable[frozenset[str] | None] | None = None) -> None:
        """Count the records ``recs``, parsed as ``parsed`` (``ParsedCard``), in order; ``used``:
        per record the grammar aliases its parse used (``--aliases``)."""
        from mtgasp.parser.split import self_names

        entries = self.entries
        verdicts = _VERDICTS
        spell_of = self._spell_of
        unread_cards = self.unread_cards
        cards = self.cards
        abilities = parsed_n = full = executable = 0
        for rec, pc in zip(recs, parsed):
            cards += 1
            name = rec["name"]
            unread = card_unread(rec, pc)
            if unread:
                seen = unread_cards.get(unread)
                if seen is None:
                    unread_cards[unread] = [1, cards, name]
                else:
                    seen[0] += 1
            type_line = rec["type_line"]
            is_spell = spell_of.get(type_line)
            if is_spell is None:
                low = type_line.lower()
                is_spell = spell_of[type_line] = ("instant" in low or "sorcery" in low) and "creature" not in low
            names = None
            supported_here = 0
            abs_ = pc.abilities
            for a in abs_:
                text = a.text
                supported = a.supported
                key = (text, supported, a.kinds, is_spell)
                entry = entries.get(key)
                if entry is None:
                    v = verdicts.get(key)
                    if v is None:
                        if len(verdicts) >= _VERDICTS_MAX:
                            verdicts.clear()
                        v = verdicts[key] = ability_verdict(*key)
                    entry = entries[key] = [v, 0, name, None if v[1] is not None else {}]
                if supported:
                    supported_here += 1
                else:
                    message = a.message
                    if message.startswith(("internal", "lexer")):
                        self.errors.append({"card": name, "text": text, "message": message})
                by_kw = entry[3]
                if by_kw is None:
                    entry[1] += 1
                else:  # it may begin with a keyword once the card's names are "~"
                    if names is None:
                        names = self_names(name, type_line or "")
                    kw = _keyword_line(text, names)
                    sub = by_kw.get(kw)
                    if sub is None:
                        by_kw[kw] = [1, name]
                    else:
                        sub[0] += 1
            n_abs = len(abs_)
            abilities += n_abs
            parsed_n += supported_here
            if supported_here == n_abs:
                full += 1
                executable += not unread
        if used is not None:
            for rec, names_used in zip(recs, used):
                for alias in names_used or ():
                    self.alias_cards[alias] += 1
                    self.alias_example.setdefault(alias, rec["name"])
        self.cards = cards
        self.abilities += abilities
        self.parsed += parsed_n
        self.full += full
        self.executable += executable

    def state(self) -> tuple:
        """The counts as plain data (what a worker sends back): :meth:`merge` takes it."""
        return (self.cards, self.full, self.abilities, self.parsed, self.executable, self.entries,
                self.unread_cards, self.errors, self.alias_cards, self.alias_example)

    def merge(self, state: tuple) -> None:
        """Add the counts of the cards that follow those added so far (a :meth:`state`)."""
        cards, full, abilities, parsed, executable, entries, unread_cards, errors, alias_cards, alias_example = state
        offset = self.cards
        self.cards += cards
        self.full += full
        self.abilities += abilities
        self.parsed += parsed
        self.executable += executable
        mine = self.entries
        for key, entry in entries.items():
            have = mine.get(key)
            if have is None:
                mine[key] = entry
                continue
            have[1] += entry[1]
            if entry[3]:
                for kw, (n, first) in entry[3].items():
                    sub = have[3].get(kw)
                    if sub is None:
                        have[3][kw] = [n, first]
                    else:
                        sub[0] += n
        seen_unread = self.unread_cards
        for whys, (n, first, name) in unread_cards.items():
            seen = seen_unread.get(whys)
            if seen is None:
                seen_unread[whys] = [n, first + offset, name]
            else:
                seen[0] += n
        self.errors.extend(errors)
        self.alias_cards.update(alias_cards)
        for alias, name in alias_example.items():
            self.alias_example.setdefault(alias, name)

    def figures(self, top: int) -> dict[str, Any]:
        """The report's figures from the counts (each verdict key once, in the order of its first
        card, so that the templates' examples and ties are the first cards')."""
        per_class = {c: [0, 0] for c in CLASSES}
        mana_lines = mana_parsed = 0
        keyword_lines = keyword_recognised = keyword_parsed = 0
        templates: Counter[str] = Counter()
        example: dict[str, str] = {}
        for key, (v, n_all, first_all, by_kw) in self.entries.items():
            supported = key[1]
            if by_kw is None:
                parts: Iterable[tuple[str, bool, int, str]] = ((v[0], v[1], n_all, first_all),)
            else:  # the class and keyword line as the card's names made the text read
                fcls, tcls = v[6], v[7]
                parts = [(fcls if tcls is None else "keyword" if tcls != "mana" and kw else tcls, kw, n, first)
                         for kw, (n, first) in by_kw.items()]
            for cls, kw_line, n, first in parts:
                counts = per_class[cls]
                counts[0] += n
                if supported:
                    counts[1] += n
                if v[2]:  # a mana line
                    mana_lines += n
                    if v[3]:
                        mana_parsed += n
                if kw_line:
                    keyword_lines += n
                    if v[4]:
                        keyword_recognised += n
                    if supported:
                        keyword_parsed += n
                if not supported:
                    tpl = v[5]
                    templates[tpl] += n
                    if tpl not in example:
                        example[tpl] = first
        unread_kinds: Counter[str] = Counter()
        unread_first: dict[str, tuple[int, str]] = {}
        for whys, (n, first, name) in self.unread_cards.items():
            for why in whys:
                unread_kinds[why] += n
                if why not in unread_first or first < unread_first[why][0]:
                    unread_first[why] = (first, name)
        return {
            "per_class": per_class, "mana_lines": mana_lines, "mana_parsed": mana_parsed,
            "keyword_lines": keyword_lines, "keyword_recognised": keyword_recognised,
            "keyword_parsed": keyword_parsed,
            "templates": [(tpl, n, example[tpl]) for tpl, n in templates.most_common(top)],
            "unread": [(why, n, unread_first[why][1]) for why, n in unread_kinds.most_common(top)],
        }
