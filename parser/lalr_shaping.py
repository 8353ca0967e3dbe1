"""The reduction callbacks of the LALR driver (parser/lalr_driver.py): a rule's children shaped
as Lark's tree builder shapes them for this grammar's options, then given to the transformer.

Lark's shaping (``ParseTreeBuilder`` with ``maybe_placeholders=False``), rule by rule:

* the tokens of anonymous literals are left out (their terminal is ``filter_out``), unless the
  rule is a ``!rule`` (``keep_all_tokens``);
* the value of an *inlined* child — a ``_rule``, or one of the lists Lark generates for ``x*``
  and ``x+`` (``__dwords_star_9``) — is spliced into the children;
* a ``?rule`` left with one child is replaced by that child;
* then the transformer's method named by the rule's alias (else its template or origin), or
  the transformer's ``__default__`` (a ``Tree``).

Two differences of representation, which the transformer never sees:

* A shifted word stays on the value stack as the lexer's ``PreToken``; it becomes a Lark
  ``Token`` (its type the terminal the rule has at that position, which is the one the driver
  shifted) only when a rule keeps it. More than half of the words are literals that no rule
  keeps ("target", "you", "the" ...): they are never made into tokens.
* An inlined rule's value is a plain list (Lark builds a ``Tree`` and the parent takes its
  ``children``): an inlined rule never reaches the transformer, as in Lark.

**One flat function per rule.** A rule's callback is compiled from its *shape* (its size, the
positions it keeps and for each whether it is a value, a word to make a token of, or an inlined
list, and how it ends: the method, a ``?rule``, or an inlined list), with the method and the
terminal names bound as arguments: no loop over positions and no chain of wrappers at run time.
The code is compiled per *skeleton* (a shape less its positions: the kinds kept in order, whether
every position is kept, the ending), the kept positions bound as arguments too: the grammar's 373
shapes have 61 skeletons, each compiled once per process (:func:`shape_source` shows the code of
one; compiling per shape cost ~11 ms of every process's start). A rule that needs no shaping is
its method itself.

**Declared methods: no call at all, or one call per distinct text.** A transformer method can
declare what it does, so that its rules' callbacks skip the shaping and the call:

* ``name = child(i)``: the value is the rule's i-th kept child, unchanged. A one-child rule
  whose value is its child (such a method, a ``?rule``, an inlined list of one list) has no
  callback at all (``None``: the driver leaves the value on the stack as it is); otherwise the
  callback takes the child from the popped values directly (``operator.itemgetter``).
* ``name = constant(v)``: the value is ``v`` (immutable), whatever the children.
* ``@child_when_alone``: when the rule keeps one child, a value, the value is that child
  unchanged (no callback for a one-child rule, ``operator.itemgetter`` otherwise); the method
  is called for the rule's other shapes ("description: dwords posts?": the description alone
  is its filter, with post-modifiers the method adds them).
* ``@by_text``: the value depends only on the text of the rule's words (the terminal at each
  position is the rule's) and is never changed afterwards: a rule that keeps only words is
  called once per distinct text and its value reused (no token made), per rule, in a table
  emptied past :data:`TEXT_MEMO_MAX` entries (a long-lived process reading hostile text).

The declared method stays an ordinary method (a direct call returns the same value), and a
callback reused across parses is the reason the value must be immutable: the parse that made
it and every later one hold the same object.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from lark import Token

_new_str = str.__new__

#: a shape: (size, kept positions as (position, kind), ending); kind "v" a value, "t" a word to
#: make a token of, "i" an inlined list; ending "call" (the method), "expand" (a ``?rule``),
#: "inline" (the list itself)
Shape = tuple[int, tuple[tuple[int, str], ...], str]

#: a shape's skeleton: (every position kept, in order?, the kinds kept in order, ending)
Skeleton = tuple[bool, tuple[str, ...], str]

_FACTORIES: dict[Skeleton, Callable[..., Callable[[list], Any]]] = {}


def make_token(ttype: str, pt: Any) -> Token:
    """A Lark ``Token`` (a ``str`` with its documented attributes) for the word ``pt`` (a
    pre-token tuple) read as terminal ``ttype``, made without ``Token.__new__``'s keyword handling
    (three times cheaper)."""
    _, value, start, end, _ = pt  # a pre-token: (types, value, start, end, low)
    tok = _new_str(Token, value)
    tok.type = ttype
    tok.value = value
    tok.start_pos = start
    tok.line = 1
    tok.column = start + 1
    tok.end_line = 1
    tok.end_pos = end
    tok.end_column = end + 1
    return tok


def shape_of(rule: dict[str, Any]) -> Shape:
    """The shape of a rule of the table's header (parser/lalr.py ``generate``)."""
    size = rule["size"]
    include = rule["include"] if rule["include"] is not None else [[i, False] for i in range(size)]
    tokens = {i for i, _ in rule["tokens"]}
    keep = tuple((i, "i" if expand else "t" if i in tokens else "v") for i, expand in include)
    if rule["origin"].startswith("_"):
        ending = "inline"
    elif rule["expand1"]:
        ending = "expand"
    else:
        ending = "call"
    return size, keep, ending


def skeleton_of(shape: Shape) -> Skeleton:
    """The skeleton of a shape: what its callback's code depends on, the positions left out."""
    size, keep, ending = shape
    return [p for p, _ in keep] == list(range(size)), tuple(kind for _, kind in keep), ending


def shape_source(skeleton: Skeleton) -> str:
    """The source of the factory of a skeleton's callbacks: ``factory(f, p0, p1, ..., t0, t1,
    ...)`` (the method, the kept positions in order unless every position is kept, the terminal
    names of the kept words in order) returns ``cb(c)``."""
    every, kinds, ending = skeleton
    keep = [(str(j) if every else f"p{j}", kind) for j, kind in enumerate(kinds)]
    names = [f"t{k}" for k in range(sum(kind == "t" for kind in kinds))]
    params = ([] if every else [p for p, _ in keep]) + names
    lines = [f"def factory(f, {''.join(n + ', ' for n in params)}mk=make_token):", "    def cb(c):"]
    term = iter(names)

    def expr(pos: str, kind: str) -> str:
        item = f"c[{pos}]"
        return "mk(" + next(term) + ", " + item + ")" if kind == "t" else item

    inlined = "i" in kinds
    if every and not inlined:
        # every child kept, none inlined: the words made tokens in place, the list is the children
        lines += [f"        c[{p}] = {expr(p, k)}" for p, k in keep if k == "t"]
        out = "c"
    elif keep and keep[0][1] == "i":
        # a left-recursive inlined list is extended in place: its list is taken over, not
        # copied, so a list of n items costs O(n) in all (the list is this parse's, used once)
        lines.append(f"        out = c[{keep[0][0]}]")
        lines += [f"        out += c[{p}]" if k == "i" else f"        out.append({expr(p, k)})"
                  for p, k in keep[1:]]
        out = "out"
    else:
        head = keep[:next((j for j, (_, k) in enumerate(keep) if k == "i"), len(keep))]
        lines.append(f"        out = [{', '.join(expr(p, k) for p, k in head)}]")
        lines += [f"        out += c[{p}]" if k == "i" else f"        out.append({expr(p, k)})"
                  for p, k in keep[len(head):]]
        out = "out"
    if ending == "inline":
        lines.append(f"        return {out}")
    elif ending == "call" or (not inlined and len(keep) != 1):
        lines.append(f"        return f({out})")
    elif not inlined:  # a ?rule that always keeps exactly one child: that child
        lines.append(f"        return {out}[0]")
    else:
        lines.append(f"        return {out}[0] if len({out}) == 1 else f({out})")
    lines.append("    return cb")
    return "\n".join(lines) + "\n"


#: the largest table of one rule's values by text (:func:`by_text`) before it is emptied (the
#: corpus fills 1,213 entries over 329 rules, at most 440 in one: the subtypes)
TEXT_MEMO_MAX = 4_096


def child(i: int) -> Callable[[Any, list], Any]:
    """A transformer method whose value is its i-th child, declared (see the module's
    docstring): ``w_type = child(0)``."""
    def method(self: Any, c: list) -> Any:
        return c[i]

    method.lalr_declared = ("child", i)  # type: ignore[attr-defined]
    return method


def constant(value: Any) -> Callable[[Any, list], Any]:
    """A transformer method whose value is ``value`` (immutable) whatever its children,
    declared: ``self_ref = constant("self")``."""
    def method(self: Any, c: list) -> Any:
        return value

    method.lalr_declared = ("constant", value)  # type: ignore[attr-defined]
    return method


def child_when_alone(method: Callable[[Any, list], Any]) -> Callable[[Any, list], Any]:
    """Declares a transformer method whose value is its one child, unchanged, when its rule
    keeps one child, a value (decorator; the method is returned as it is and returns that child
    when called with it alone)."""
    method.lalr_declared = ("alone",)  # type: ignore[attr-defined]
    return method


def by_text(method: Callable[[Any, list], Any]) -> Callable[[Any, list], Any]:
    """Declares a transformer method whose value depends only on its words' text and is never
    changed afterwards (decorator; the method is returned as it is)."""
    method.lalr_declared = ("text",)  # type: ignore[attr-defined]
    return method


def _declared(shape: Shape, decl: tuple, plain: Callable[[], Callable[[list], Any]]
              ) -> Callable[[list], Any] | None | bool:
    """The callback of a rule whose method is declared (``decl``); False when the declaration
    does not apply to the rule's shape (then the rule is shaped and called as any other).
    ``plain()`` makes the ordinary callback (what a value by text is computed with)."""
    size, keep, ending = shape
    if decl[0] == "child":
        i = decl[1]
        if i >= len(keep) or any(kind != "v" for _, kind in keep[:i + 1]) or \
                any(kind == "i" for _, kind in keep):
            return False
        pos = keep[i][0]
        return None if size == 1 else itemgetter(pos)
    if decl[0] == "alone":
        if len(keep) != 1 or keep[0][1] != "v":
            return False
        return None if size == 1 else itemgetter(keep[0][0])
    if decl[0] == "constant":
        value = decl[1]
        return lambda c: value
    if decl[0] == "text" and keep and all(kind == "t" for _, kind in keep):
        return _by_text(plain(), tuple(p for p, _ in keep))
    return False


def _by_text(cb: Callable[[list], Any], positions: tuple[int, ...]) -> Callable[[list], Any]:
    """``cb`` called once per distinct text of the words at ``positions``."""
    memo: dict[Any, Any] = {}
    get = memo.get
    if len(positions) == 1:
        p = positions[0]

        def by_one(c: list) -> Any:
            key = c[p][1]  # the pre-token's text
            value = get(key)
            if value is None:
                if len(memo) >= TEXT_MEMO_MAX:
                    memo.clear()
                value = memo[key] = cb(c)
            return value

        by_one.memo = memo  # type: ignore[attr-defined]
        return by_one

    def by_all(c: list) -> Any:
        key = tuple(c[p][1] for p in positions)
        value = get(key)
        if value is None:
            if len(memo) >= TEXT_MEMO_MAX:
                memo.clear()
            value = memo[key] = cb(c)
        return value

    by_all.memo = memo  # type: ignore[attr-defined]
    return by_all


def identity_shape(shape: Shape) -> bool:
    """A one-child rule whose value is that child: a ``?rule`` keeping it, or an inlined rule
    whose one child is an inlined list (taken over as it is)."""
    size, keep, ending = shape
    return size == 1 and ((ending == "expand" and keep == ((0, "v"),))
                          or (ending == "inline" and keep == ((0, "i"),)))


def callback(rule: dict[str, Any], method: Callable[[list], Any] | None
             ) -> Callable[[list], Any] | None:
    """The callback of ``rule``: the list of its children's values → its value; None when the
    value is the rule's one child itself (the driver leaves it on the stack)."""
    shape = shape_of(rule)
    size, keep, ending = shape
    if identity_shape(shape):
        return None
    decl = getattr(method, "lalr_declared", None) if ending == "call" else None
    if decl is not None:
        cb = _declared(shape, decl, lambda: _shaped(rule, shape, method))
        if cb is not False:
            return cb  # type: ignore[return-value]
    return _shaped(rule, shape, method)


def _shaped(rule: dict[str, Any], shape: Shape, method: Any) -> Callable[[list], Any]:
    size, keep, ending = shape
    if ending == "call" and keep == tuple((i, "v") for i in range(size)):
        return method  # nothing to shape
    skeleton = skeleton_of(shape)
    factory = _FACTORIES.get(skeleton)
    if factory is None:
        namespace: dict[str, Any] = {"make_token": make_token}
        exec(compile(shape_source(skeleton), f"<lalr shape {skeleton}>", "exec"), namespace)
        factory = _FACTORIES[skeleton] = namespace["factory"]
    tokens = dict(map(tuple, rule["tokens"]))
    positions = () if skeleton[0] else (p for p, _ in keep)
    return factory(method, *positions, *(tokens[p] for p, kind in keep if kind == "t"))


def default_method(default: Callable[..., Any], name: str) -> Callable[[list], Any]:
    """The method of a rule the transformer has none for: its ``__default__`` (a ``Tree``)."""
    def f(children: list) -> Any:
        return default(name, children, None)

    return f
