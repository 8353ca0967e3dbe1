"""The LALR(1) driver: the loop that runs the tables of parser/lalr.py over the lexer's words.

For each word: reduce while the action is a reduction (the rule's callback on the popped
values, then the goto of the rule's origin), then shift; at the end of the words, reduce until
the start rule's end state. The callbacks (parser/lalr_shaping.py) shape the children as Lark's
tree builder does and call the transformer's methods, so no parse tree is built.

**A word with several candidate terminals** (docs/parser.md) is read as the first candidate
that the parser can shift in its current state after the reductions that candidate's action
asks for. In most states this is decided by the state's row alone — the first candidate the
row has an action for, when that action is a shift or no other candidate has one — and the
decision is kept in the row (keyed by the word's tuple of candidates), so a word meets each
state's question once. Otherwise the state is a *choice point*: LALR's merged look-ahead sets
allow a reduction after which the word cannot be shifted, so each candidate's reductions are
followed on the states alone (:meth:`Tables._follow`: no callback, no value, the stack left as
it is; the states it pops are read, not copied) until the word is shifted or refused. The first
candidate shifted is the reading, and the reductions found are made (their states put on the
stack, their callbacks run); if none is shifted, the first candidate is, and its error is the
parse's. A reduction that is made is looked up once (a refused candidate is followed on the
states only).

**Values.** A shifted word is pushed as the lexer's ``PreToken``; a rule that keeps it makes
the Lark ``Token`` (parser/lalr_shaping.py), so the words no rule keeps cost no object.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable

from lark.exceptions import UnexpectedToken

from .lalr_shaping import callback, default_method, make_token

Bound = tuple[str, int, Callable[[list], Any]]


class Tables:
    """The LALR(1) table: rows decoded on first use, rules, start and end states."""

    def __init__(self, header: dict[str, Any], offsets: array, keys: array, acts: array) -> None:
        self.header = header
        self.symbols: list[str] = header["symbols"]
        self.rules: list[dict[str, Any]] = header["rules"]
        self.start_states: dict[str, int] = header["start_states"]
        self.end_states: dict[str, int] = header["end_states"]
        self._offsets, self._keys, self._acts = offsets, keys, acts
        #: state → its row (:meth:`row`), None until first used
        self._rows: list[dict[Any, Any] | None] = [None] * (len(offsets) - 1)
        #: state → the terminals it has an action for (an error's ``expected``)
        self._expected: dict[int, frozenset[str]] = {}
        #: rule index → (origin, size, callback), once :meth:`bind` has run; the same with the
        #: callbacks recording their rule in :attr:`trace`
        self._bound: list[Bound] = []
        self._plain: list[Bound] = []
        self._traced: list[Bound] | None = None
        self._trace: set[int] | None = None

    @property
    def trace(self) -> set[int] | None:
        """When a set: the indices of the rules reduced are added to it (the corpus report's
        count of the cards each grammar alias reads). A rule is added as its callback is called,
        so the reductions of a candidate that a choice point refuses are never counted."""
        return self._trace

    @trace.setter
    def trace(self, value: set[int] | None) -> None:
        self._trace = value
        if value is None:
            self._bound = self._plain
            return
        if self._traced is None:
            self._traced = [(origin, size, self._recording(rule, cb))
                            for rule, (origin, size, cb) in enumerate(self._plain)]
        self._bound = self._traced

    def _recording(self, rule: int, cb: Callable[[list], Any]) -> Callable[[list], Any]:
        def g(children: list) -> Any:
            self._trace.add(rule)  # type: ignore[union-attr]
            return cb(children)

        return g

    def row(self, state: int) -> dict[Any, Any]:
        """The state's row: symbol → action, a state (≥ 0) to shift to or go to, or ``~rule``
        (< 0) to reduce. The driver also keeps in it, keyed by a word's tuple of candidate
        terminals, the candidate it reads the word as in this state and that candidate's action,
        when the row alone decides it (see the module's docstring)."""
        r = self._rows[state]
        if r is None:
            a, b = self._offsets[state], self._offsets[state + 1]
            sym = self.symbols
            r = self._rows[state] = dict(zip([sym[k] for k in self._keys[a:b]], self._acts[a:b]))
        return r

    def bind(self, transformer: Any) -> None:
        """Make each rule's callback (parser/lalr_shaping.py): the transformer's method named by
        the rule (else its ``__default__``) with the children shaped as Lark shapes them."""
        default = transformer.__default__
        bound = []
        for r in self.rules:
            method = None
            if not r["origin"].startswith("_"):  # an inlined rule never reaches the transformer
                method = getattr(transformer, r["name"], None)
                if method is None:
                    method = default_method(default, r["name"])
            bound.append((r["origin"], r["size"], callback(r, method)))
        self._plain = bound
        self._traced = None
        self.trace = self._trace

    def parse(self, tokens: list, start: str = "line") -> Any:
        """Parse a list of :class:`~.lexer.PreToken`; the value of the start rule. Raises Lark's
        ``UnexpectedToken`` where a word (or the end of the text) is refused."""
        rows = self._rows
        load = self.row
        bound = self._bound
        stack = [self.start_states[start]]
        values: list = []
        state = stack[0]
        for pt in tokens:
            row = rows[state] or load(state)
            types = pt[0]  # a pre-token: (types, value, start, end, low)
            try:
                ttype, code = row[types]
            except KeyError:  # the first time this state meets these candidates
                ttype, code = self._weigh(state, pt)
            if ttype is None:  # a choice point: ``code`` is the candidates with an action
                ttype, code = self._choose(code, stack, values)
            while code < 0:  # reduce
                origin, size, cb = bound[~code]
                if size == 1:  # most reductions: the top value replaced in place
                    values[-1] = cb([values[-1]])
                    below = stack[-2]
                    state = stack[-1] = (rows[below] or load(below))[origin]
                else:
                    if size:
                        children = values[-size:]
                        del values[-size:]
                        del stack[-size:]
                    else:
                        children = []
                    values.append(cb(children))
                    below = stack[-1]
                    state = (rows[below] or load(below))[origin]
                    stack.append(state)
                try:
                    code = (rows[state] or load(state))[ttype]
                except KeyError:
                    raise self._refused(state, ttype, pt, 0) from None
            stack.append(code)  # shift
            state = code
            values.append(pt)
        # the end of the text: reduce until the start rule's end state
        end_state = self.end_states[start]
        while True:
            code = (rows[state] or load(state)).get("$END")
            if code is None:
                raise self._refused(state, "$END", None, tokens[-1][3] if tokens else 0)
            assert code < 0, "the end of the text is never shifted"
            origin, size, cb = bound[~code]
            if size:
                children = values[-size:]
                del values[-size:]
                del stack[-size:]
            else:
                children = []
            value = cb(children)
            values.append(value)
            below = stack[-1]
            state = (rows[below] or load(below))[origin]
            stack.append(state)
            if state == end_state:
                return value

    def _weigh(self, state: int, pt: Any) -> tuple[Any, Any]:
        """The reading of the word ``pt`` in ``state`` when the row alone decides it: (candidate,
        its action); at a choice point: (None, the candidates with an action). Kept in the row
        under the word's tuple of candidates. Raises the error when no candidate has an action
        (the first candidate's)."""
        row = self.row(state)
        types = pt[0]
        accepted = [c for c in types if c in row]
        if not accepted:
            raise self._refused(state, types[0], pt, 0)
        if len(accepted) > 1 and row[accepted[0]] < 0:
            hit: tuple[Any, Any] = (None, accepted)
        else:
            hit = (accepted[0], row[accepted[0]])
        row[types] = hit
        return hit

    def _choose(self, accepted: list[str], stack: list[int], values: list) -> tuple[str, int]:
        """At a choice point: the first candidate in ``accepted`` that is shifted after its
        reductions (:meth:`_follow`). Its reductions are made here — the states the following
        found put on ``stack``, the callbacks run on ``values`` — and its shift is returned;
        when none is shifted, the first candidate and its action, for the loop to reduce and
        refuse it."""
        for c in accepted:
            followed = self._follow(stack, c)
            if followed is not None:
                depth, pushed, rules, shift = followed
                bound = self._bound
                for rule in rules:
                    _, size, cb = bound[rule]
                    if size:
                        children = values[-size:]
                        del values[-size:]
                    else:
                        children = []
                    values.append(cb(children))
                del stack[depth:]
                stack += pushed
                return c, shift
        top = self.row(stack[-1])
        return accepted[0], top[accepted[0]]

    def _follow(self, stack: list[int], ttype: str) -> tuple[int, list[int], list[int], int] | None:
        """The reductions the table asks for before ``ttype`` is shifted, the parser's states
        being ``stack``, followed on the states alone without changing ``stack``: (the height
        of ``stack`` left in place, the states pushed above it, the rules reduced, the state
        shifted to), or None when ``ttype`` is refused on the way."""
        rows, load, bound = self._rows, self.row, self._plain
        depth = len(stack)
        pushed: list[int] = []
        rules: list[int] = []
        state = stack[-1]
        while True:
            code = (rows[state] or load(state)).get(ttype)
            if code is None:
                return None
            if code >= 0:
                return depth, pushed, rules, code
            rule = ~code
            rules.append(rule)
            origin, size, _ = bound[rule]
            if size > len(pushed):
                depth -= size - len(pushed)
                pushed.clear()
            elif size:
                del pushed[-size:]
            below = pushed[-1] if pushed else stack[depth - 1]
            state = (rows[below] or load(below))[origin]
            pushed.append(state)

    def _refused(self, state: int, ttype: str, pt: Any, end: int) -> UnexpectedToken:
        """Lark's error for ``ttype`` (the word ``pt``, or the end of the text at ``end``)
        refused in ``state``: expected, the terminals the state has an action for."""
        if pt is not None:
            tok = make_token(ttype, pt)
        else:
            tok = make_token("$END", ((), "", end, end, ""))  # where the text ends
            tok.column = tok.end_column = 1
        expected = self._expected.get(state)
        if expected is None:
            expected = self._expected[state] = frozenset(
                s for s in self.row(state) if type(s) is str and s.isupper())
        return UnexpectedToken(tok, set(expected))
