"""What the corpus report counts of parsed cards (``mtgasp corpus``, bridge/corpus.py), card by
card in one pass over each card's abilities, where the cards are parsed: :class:`Counts`.

Each ability's verdict (:func:`~mtgasp.corpus_text.ability_verdict`: its class, whether it is a
mana or keyword line, its template when unsupported) is looked up by its key (its text, whether
it is supported, its kinds, whether its card is a spell), judged once per distinct key, and
added into the figures at once, while the verdict is at hand: no pass over the verdicts at the
end (a pass over ~39k verdicts made long before, scattered among the parser's objects, took
~0.13 s of CPU in the whole command, most of it waiting on memory). With ``--jobs N`` each
worker counts its batch into a fresh :class:`Counts` and sends its plain state back
(:meth:`Counts.state`); the main process adds the batches up in order (:meth:`Counts.merge`),
so the first cards (the templates' examples and their ties) are the same as when one process
counts them all.
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
        #: class → [abilities, of them supported]
        self.per_class: dict[str, list[int]] = {c: [0, 0] for c in CLASSES}
        #: mana lines, of them parsed into mana facts; keyword lines, of them recognised, of
        #: them supported
        self.lines = [0, 0, 0, 0, 0]
        #: an unsupported ability's template → how many, in the order of their first cards
        self.templates: dict[str, int] = {}
        #: a template → its first card's name
        self.example: dict[str, str] = {}
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

        verdicts = _VERDICTS
        spell_of = self._spell_of
        unread_cards = self.unread_cards
        per_class = self.per_class
        templates = self.templates
        example = self.example
        cards = self.cards
        abilities = parsed_n = full = executable = 0
        mana_lines, mana_parsed, keyword_lines, keyword_recognised, keyword_parsed = self.lines
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
                v = verdicts.get(key)
                if v is None:
                    if len(verdicts) >= _VERDICTS_MAX:
                        verdicts.clear()
                    v = verdicts[key] = ability_verdict(*key)
                cls, kw_line = v[0], v[1]
                if kw_line is None:  # it may begin with a keyword once the card's names are "~"
                    if names is None:
                        names = self_names(name, type_line or "")
                    kw_line = _keyword_line(text, names)
                    tcls = v[7]
                    cls = v[6] if tcls is None else "keyword" if tcls != "mana" and kw_line else tcls
                counts = per_class[cls]
                counts[0] += 1
                if supported:
                    counts[1] += 1
                    supported_here += 1
                else:
                    tpl = v[5]
                    n = templates.get(tpl)
                    if n is None:
                        templates[tpl] = 1
                        example[tpl] = name
                    else:
                        templates[tpl] = n + 1
                    message = a.message
                    if message.startswith(("internal", "lexer")):
                        self.errors.append({"card": name, "text": text, "message": message})
                if v[2]:  # a mana line
                    mana_lines += 1
                    if v[3]:
                        mana_parsed += 1
                if kw_line:
                    keyword_lines += 1
                    if v[4]:
                        keyword_recognised += 1
                    if supported:
                        keyword_parsed += 1
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
        self.lines = [mana_lines, mana_parsed, keyword_lines, keyword_recognised, keyword_parsed]

    def state(self) -> tuple:
        """The counts as plain data (what a worker sends back): :meth:`merge` takes it."""
        return (self.cards, self.full, self.abilities, self.parsed, self.executable, self.per_class, self.lines,
                self.templates, self.example, self.unread_cards, self.errors, self.alias_cards, self.alias_example)

    def merge(self, state: tuple) -> None:
        """Add the counts of the cards that follow those added so far (a :meth:`state`)."""
        (cards, full, abilities, parsed, executable, per_class, lines, templates, example, unread_cards, errors,
         alias_cards, alias_example) = state
        offset = self.cards
        self.cards += cards
        self.full += full
        self.abilities += abilities
        self.parsed += parsed
        self.executable += executable
        for cls, (total, supported) in per_class.items():
            counts = self.per_class[cls]
            counts[0] += total
            counts[1] += supported
        self.lines = [a + b for a, b in zip(self.lines, lines)]
        mine = self.templates
        for tpl, n in templates.items():
            have = mine.get(tpl)
            if have is None:
                mine[tpl] = n
                self.example[tpl] = example[tpl]
            else:
                mine[tpl] = have + n
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
        """The report's figures from the counts: the most frequent templates (ties in the order
        of their first cards) and unread reasons, each with its first card."""
        mana_lines, mana_parsed, keyword_lines, keyword_recognised, keyword_parsed = self.lines
        unread_kinds: Counter[str] = Counter()
        unread_first: dict[str, tuple[int, str]] = {}
        for whys, (n, first, name) in self.unread_cards.items():
            for why in whys:
                unread_kinds[why] += n
                if why not in unread_first or first < unread_first[why][0]:
                    unread_first[why] = (first, name)
        return {
            "per_class": self.per_class, "mana_lines": mana_lines, "mana_parsed": mana_parsed,
            "keyword_lines": keyword_lines, "keyword_recognised": keyword_recognised,
            "keyword_parsed": keyword_parsed,
            "templates": [(tpl, n, self.example[tpl]) for tpl, n in Counter(self.templates).most_common(top)],
            "unread": [(why, n, unread_first[why][1]) for why, n in unread_kinds.most_common(top)],
        }
