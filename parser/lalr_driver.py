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

**A choice point's decision is made once per stack top.** The following reads only the top
states of the stack (as deep as the reductions pop), so the decision — the candidate, the
states popped and pushed, the rules reduced, the shift — holds for every stack with the same
top, and the choice point keeps it keyed by that many top states (:class:`_Choice`). Over the
corpus 43,353 choice points are met and 7,611 decisions are made (the rest are looked up).

**Rows hold only the entries the parses meet.** A state's row is a plain ``dict`` that starts
empty; the loop indexes ``rows[state][symbol]``, and where that raises ``KeyError`` the entry is
looked up in the state's stretch of the table's arrays (:meth:`Tables.action`) and kept. Over
the corpus 29,687 of the table's 708,111 entries are ever read: rows decoded whole (~124
entries, ~4.6 KB each, ~26 MB for the 5,600 states the corpus visits) spread each look-up over
memory the processor's caches cannot hold, and the small rows make the corpus's driver replay
(benchmarks/bench_driver.py) ~8% faster (process CPU, A/B alternating in one process: 1.68 ->
1.53 s the first time, 1.42 -> 1.31 s after) although it runs a few more instructions. The
rows are exact ``dict`` objects, not a subclass decoding its missing keys, so the
interpreter's specialised ``dict`` indexing serves the loop's look-ups (the replay warm ~5%
faster); an entry is found in its stretch with ``bytes.find`` on the symbols' two-byte codes
(a scan in C) instead of ``array.index`` (a comparison of Python integers per entry): the
corpus makes ~56,000 such searches, half of them for a symbol the state has no action for
(a word's candidate tried and refused). A symbol the state has no action for is not kept (a
refusal is rare). A refused word's error carries the state's frozen set of expected
terminals itself (no copy per error; the error message is keyed by it).

**Values.** A shifted word is pushed as the lexer's ``PreToken``; a rule that keeps it makes
the Lark ``Token`` (parser/lalr_shaping.py), so the words no rule keeps cost no object.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable

from lark.exceptions import UnexpectedToken

from .lalr_shaping import callback, default_method, make_token

#: a rule's origin, size and callback (None: the value is the rule's one child, as it is)
Bound = tuple[str, int, "Callable[[list], Any] | None"]


class Tables:
    """The LALR(1) table: rows decoded on first use, rules, start and end states."""

    def __init__(self, header: dict[str, Any], offsets: array, keys: array, acts: array) -> None:
        self.header = header
        self.symbols: list[str] = header["symbols"]
        self.rules: list[dict[str, Any]] = header["rules"]
        self.start_states: dict[str, int] = header["start_states"]
        self.end_states: dict[str, int] = header["end_states"]
        self._offsets, self._keys, self._acts = offsets, keys, acts
        #: symbol → its number in the arrays
        self._index: dict[str, int] = {name: k for k, name in enumerate(self.symbols)}
        #: state → its row (:meth:`row`): its entries decoded as they are met
        self._rows: list[dict[Any, Any]] = [{} for _ in range(len(offsets) - 1)]
        #: the symbols' codes as the bytes of ``keys`` (searched with ``bytes.find``)
        self._key_bytes = keys.tobytes()
        self._key_size = keys.itemsize
        self._codes: list[bytes] = [array(keys.typecode, [k]).tobytes()
                                    for k in range(len(self.symbols))]
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
        else:
            if self._traced is None:
                self._traced = [(origin, size, self._recording(rule, cb))
                                for rule, (origin, size, cb) in enumerate(self._plain)]
            self._bound = self._traced

    def _recording(self, rule: int, cb: Callable[[list], Any] | None) -> Callable[[list], Any]:
        if cb is None:  # the value is the one child
            def g(children: list) -> Any:
                self._trace.add(rule)  # type: ignore[union-attr]
                return children[0]
        else:
            def g(children: list) -> Any:
                self._trace.add(rule)  # type: ignore[union-attr]
                return cb(children)

        return g

    def row(self, state: int) -> dict[Any, Any]:
        """The state's row as decoded so far: symbol → action, a state (≥ 0) to shift to or go
        to, or ``~rule`` (< 0) to reduce (:meth:`action` answers for every symbol, and keeps
        the entry). The driver also keeps in it, keyed by a word's tuple of candidate
        terminals, the candidate it reads the word as in this state and that candidate's
        action, or the state's :class:`_Choice` for those candidates (see the module's
        docstring)."""
        return self._rows[state]

    def action(self, state: int, symbol: str) -> int | None:
        """The state's action on ``symbol`` (see :meth:`row`); None when it has none. An entry
        found in the arrays is kept in the row."""
        row = self._rows[state]
        code = row.get(symbol)
        if code is None:
            k = self._index.get(symbol)
            if k is None:
                return None
            size = self._key_size
            hi = self._offsets[state + 1] * size
            find = self._key_bytes.find
            code_bytes = self._codes[k]
            i = find(code_bytes, self._offsets[state] * size, hi)
            while i % size:  # a match across two entries (-1 % size is size - 1: not found)
                if i < 0:
                    return None
                i = find(code_bytes, i + 1, hi)
            if i < 0:
                return None
            code = row[symbol] = self._acts[i // size]
        return code

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
        bound = self._bound
        stack = [self.start_states[start]]
        values: list = []
        state = stack[0]
        for pt in tokens:
            try:
                ttype, code = rows[state][pt[0]]  # a pre-token: (types, value, start, end, low)
            except KeyError:  # the first time this state meets these candidates
                ttype, code = self._weigh(state, pt)
            if ttype is None:  # a choice point: ``code`` is its _Choice
                ttype, code = self._choose(code, stack, values)
            while code < 0:  # reduce
                origin, size, cb = bound[~code]
                if size == 1:  # most reductions: the top value replaced in place
                    if cb is not None:  # (None: the value is the child, left as it is)
                        values[-1] = cb([values[-1]])
                    try:  # the goto (a row's entry not met yet: KeyError, then decoded)
                        state = stack[-1] = rows[stack[-2]][origin]
                    except KeyError:
                        state = stack[-1] = self.action(stack[-2], origin)  # type: ignore[assignment]
                else:
                    if size:
                        children = values[-size:]
                        del values[-size:]
                        del stack[-size:]
                    else:
                        children = []
                    values.append(cb(children))  # (never None: that is a one-child rule)
                    try:
                        state = rows[stack[-1]][origin]
                    except KeyError:
                        state = self.action(stack[-1], origin)  # type: ignore[assignment]
                    stack.append(state)
                try:
                    code = rows[state][ttype]
                except KeyError:
                    code = self.action(state, ttype)  # type: ignore[assignment]
                    if code is None:
                        raise self._refused(state, ttype, pt, 0) from None
            stack.append(code)  # shift
            state = code
            values.append(pt)
        # the end of the text: reduce until the start rule's end state
        end_state = self.end_states[start]
        while True:
            try:
                code = rows[state]["$END"]
            except KeyError:
                code = self.action(state, "$END")  # type: ignore[assignment]
                if code is None:
                    raise self._refused(state, "$END", None, tokens[-1][3] if tokens else 0) from None
            assert code < 0, "the end of the text is never shifted"
            origin, size, cb = bound[~code]
            if size:
                children = values[-size:]
                del values[-size:]
                del stack[-size:]
            else:
                children = []
            value = cb(children) if cb is not None else children[0]
            values.append(value)
            try:
                state = rows[stack[-1]][origin]
            except KeyError:
                state = self.action(stack[-1], origin)  # type: ignore[assignment]
            stack.append(state)
            if state == end_state:
                return value

    def _weigh(self, state: int, pt: Any) -> tuple[Any, Any]:
        """The reading of the word ``pt`` in ``state`` when the row alone decides it: (candidate,
        its action); at a choice point: (None, the state's :class:`_Choice` for these
        candidates). Kept in the row under the word's tuple of candidates. Raises the error when
        no candidate has an action (the first candidate's)."""
        types = pt[0]
        action = self.action
        accepted = [(c, code) for c in types if (code := action(state, c)) is not None]
        if not accepted:
            raise self._refused(state, types[0], pt, 0)
        if len(accepted) > 1 and accepted[0][1] < 0:
            hit: tuple[Any, Any] = (None, _Choice([c for c, _ in accepted]))
        else:
            hit = accepted[0]
        self._rows[state][types] = hit
        return hit

    def _choose(self, choice: "_Choice", stack: list[int], values: list) -> tuple[str, int]:
        """At a choice point: the first of the choice's candidates that is shifted after its
        reductions. The decision depends only on the top of ``stack`` that the candidates'
        reductions read, so it is kept in ``choice`` under that top (:meth:`_decide` finds it
        the first time). The winner's reductions are made here — their states put on ``stack``,
        the callbacks run on ``values`` — and its shift is returned; when none is shifted, the
        first candidate and its action, for the loop to reduce and refuse it."""
        height = choice.height
        key = tuple(stack[-height:])
        hit = choice.seen.get(key)
        if hit is None:
            hit, read = self._decide(choice.accepted, stack)
            if read > height:  # read deeper than before: the decisions kept are keyed too short
                choice.height = read
                choice.seen.clear()
                key = tuple(stack[-read:])
            choice.seen[key] = hit
        c, cut, pushed, rules, code = hit
        if rules:
            bound = self._bound
            for rule in rules:
                _, size, cb = bound[rule]
                if size:
                    children = values[-size:]
                    del values[-size:]
                else:
                    children = []
                values.append(cb(children) if cb is not None else children[0])
            del stack[len(stack) - cut:]
            stack += pushed
        return c, code

    def _decide(self, accepted: list[str], stack: list[int]) -> tuple[tuple, int]:
        """The decision at a choice point with the parser's states ``stack``: (the candidate, the
        number of states its reductions pop, the states they push, the rules reduced, its action
        after them) and how many states from the top of ``stack`` the candidates' reductions
        read. When no candidate is shifted: the first, with no reduction made, and its action."""
        read = 1
        for c in accepted:
            depth, pushed, rules, shift = self._follow(stack, c)
            read = max(read, len(stack) - depth + 1)
            if shift is not None:
                return (c, len(stack) - depth, tuple(pushed), tuple(rules), shift), read
        c = accepted[0]
        return (c, 0, (), (), self.action(stack[-1], c)), read

    def _follow(self, stack: list[int], ttype: str) -> tuple[int, list[int], list[int], int | None]:
        """The reductions the table asks for before ``ttype`` is shifted, the parser's states
        being ``stack``, followed on the states alone without changing ``stack``: (the lowest
        height of ``stack`` reached — its state below it is read, the states above it are left
        as they are or popped — the states pushed above it, the rules reduced, the state shifted
        to, or None when ``ttype`` is refused on the way)."""
        action, bound = self.action, self._plain
        depth = len(stack)
        pushed: list[int] = []
        rules: list[int] = []
        state = stack[-1]
        while True:
            code = action(state, ttype)
            if code is None:
                return depth, pushed, rules, None
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
            state = action(pushed[-1] if pushed else stack[depth - 1], origin)
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
            sym = self.symbols
            a, b = self._offsets[state], self._offsets[state + 1]
            expected = self._expected[state] = frozenset(
                s for s in (sym[k] for k in self._keys[a:b]) if s.isupper())
        # the state's frozen set itself (a message keyed by it hashes it once, never copies it)
        return UnexpectedToken(tok, expected)


class _Choice:
    """A choice point: a state whose row reduces on the first of a word's candidates while a
    later one has an action too. ``accepted``: the candidates with an action, in order;
    ``seen``: the decisions made (:meth:`Tables._decide`), keyed by the top ``height`` states
    of the stack, which are all the candidates' reductions read."""

    __slots__ = ("accepted", "height", "seen")

    def __init__(self, accepted: list[str]) -> None:
        self.accepted = accepted
        self.height = 1
        self.seen: dict[tuple[int, ...], tuple] = {}
