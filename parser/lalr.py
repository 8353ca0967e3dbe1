"""The LALR(1) tables of the Oracle grammar: generated once with Lark, stored as plain data in
a per-user cache, and driven here.

Lark generates the tables (``Lark(..., parser="lalr")``; the data its documented ``Lark.save``
writes, taken from ``Lark.memo_serialize``, the public but undocumented method ``save`` calls,
before it is pickled: no pickle is ever read here). Their layout is Lark's, so
tests/test_parser_lark_agreement.py parses the same token streams with Lark's own parser through
its documented interactive API (``parse_interactive``, ``choices``, ``accepts``) and checks that
the trees are the same: a Lark release that changed what the tables mean fails there. Lark's own
``cache=`` option and its standalone generator were measured as the alternatives: both rebuild
Lark's objects on load, about 1.7-1.8 s of CPU per process, against a few hundredths here.
Loading them back through Lark costs about 2 s per process (Lark rebuilds one object per
table entry, ~745,000 of them) and Lark's own ``cache=`` option writes a pickle, so the tables
are kept here in a format of our own, data only: a JSON header (symbols, rules, the lexer's
word table) and three integer arrays (per state: its first entry, the symbols, the actions).
A row of the table is decoded the first time the parser visits its state, so a process that
parses a few cards decodes a few hundred of the 6,000 states.

**The cache** (``$MTGASP_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgasp``, else
``~/.cache/mtgasp``) is used only when it is a real directory owned by the user with no
access for group or others (it is created ``0700``; an existing one owned by the user is
tightened to ``0700``), and a table file only when it is a regular file owned by the user and
writable by nobody else. Such a file can only have been written by the user's own processes,
which are the trust boundary anyway; a recorded sha256 of the payload then guards against a
truncated or corrupted file, and the file name and header carry a digest of the grammar, this
module, Lark's version and the format, so a stale table is never read. The format holds no
code (no pickle, no marshal): a planted file could at worst be refused. When the cache cannot
be used, the tables are built in memory (and the build costs its seconds each process).

**The driver** (:meth:`Tables.parse`) is the LALR loop: shift, or reduce with the rule's
callback and goto. The callbacks shape the children as Lark's tree builder does for this
grammar's options (tokens of anonymous literals filtered out, ``_rule`` children inlined,
``?rule`` with one child replaced by the child) and call the transformer's method named by the
rule's alias (else Lark's ``Transformer.__default__``: a ``Tree``). The lexer's rule for a word
with several candidate terminals (docs/parser.md) — the first candidate the parser can shift
after its pending reductions — is decided by the loop itself, from the table's actions, with a
choice point where a reduction might lead to a refusal (:meth:`Tables.parse`).
"""

from __future__ import annotations

import hashlib
import json
import operator
import os
import stat
import sys
import tempfile
from array import array
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable

from lark import Token
from lark.exceptions import UnexpectedToken

GRAMMAR_DIR = Path(str(resources.files(__package__) / "grammar"))
START = ["line", "keyword_only", "keyword_action_line"]
FORMAT = 1
MAGIC = b"mtgasp-lalr-tables\n"

#: rules whose literals are description words (the lexer's DESC_* separators look for them)
_DESC_RULES = {
    "filters__type_word", "filters__color_word", "filters__super_word", "filters__status_word",
    "color_word",
}


# --- building the tables with Lark --------------------------------------------------------------

def grammar_key() -> str:
    """A digest of everything the tables depend on: the grammar files and the list of their
    accepted collisions, this module and parser/collisions.py, Lark's version and the format."""
    import lark

    h = hashlib.sha256()
    # the grammar and the list of its accepted collisions (parser/collisions.py)
    for path in sorted(GRAMMAR_DIR.glob("*.lark")) + [GRAMMAR_DIR / "collisions.txt"]:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    h.update(Path(__file__).read_bytes())
    h.update((Path(__file__).parent / "collisions.py").read_bytes())
    h.update(f"lark {lark.__version__} format {FORMAT}".encode())
    return h.hexdigest()[:20]


def generate(refuse_collisions: bool = True) -> tuple[dict[str, Any], array, array, array]:
    """Run Lark's LALR analysis on the grammar; the header and the three arrays. A shift/reduce
    collision that is not on the accepted list refuses the build (parser/collisions.py), unless
    ``refuse_collisions`` is false; the header's ``collisions`` lists those found."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import Lexer, PatternStr, TerminalDef

    class _NoLexer(Lexer):  # the tokens come from parser/lexer.py, never from Lark
        def __init__(self, conf: Any) -> None:
            pass

        def lex(self, *args: Any) -> Iterable[Token]:  # pragma: no cover - never called
            raise NotImplementedError

    from . import collisions

    with collisions.recording() as found:
        lk = Lark.open(str(GRAMMAR_DIR / "oracle.lark"), parser="lalr", lexer=_NoLexer,
                       start=START, maybe_placeholders=False)
    listed = collisions.check(found, lk) if refuse_collisions else \
        collisions.format_list(collisions.describe(found, lk))
    # the data that Lark's documented ``Lark.save`` pickles, taken before it is pickled
    data, memo = lk.memo_serialize([TerminalDef, Rule])
    table = data["parser"]["parser"]
    symbols = [str(table["tokens"][i]) for i in range(len(table["tokens"]))]

    rule_index: dict[int, int] = {}
    rules: list[dict[str, Any]] = []
    for ref in data["rules"]:
        r = memo[ref["@"]]
        rule_index[ref["@"]] = len(rules)
        expansion = r["expansion"]
        keep_all = r["options"]["keep_all_tokens"]
        include = [[i, (s["__type__"] == "NonTerminal" and s["name"].startswith("_"))]
                   for i, s in enumerate(expansion)
                   if keep_all or not (s["__type__"] == "Terminal" and s.get("filter_out"))]
        needs_filter = len(include) < len(expansion) or any(x for _, x in include)
        rules.append({
            "origin": r["origin"]["name"],
            "size": len(expansion),
            "name": r["alias"] or r["options"].get("template_source") or r["origin"]["name"],
            "expand1": bool(r["options"]["expand1"] and not r["alias"]),
            "alias": bool(r["alias"]),
            "include": include if needs_filter else None,
        })

    offsets = array("I", [0])
    keys = array("H")
    acts = array("i")
    for s in range(len(table["states"])):
        for tok, (action, arg) in table["states"][s].items():
            keys.append(tok)
            acts.append(arg if action == 0 else ~rule_index[arg["@"]])
        offsets.append(len(keys))

    header = {
        "format": FORMAT,
        "symbols": symbols,
        "rules": rules,
        "start_states": table["start_states"],
        "end_states": table["end_states"],
        "collisions": listed,
        **_vocabulary(lk, PatternStr),
    }
    return header, offsets, keys, acts


def _vocabulary(lk: Any, pattern_str: type) -> dict[str, Any]:
    """The lexer's word table, derived from the grammar's literals and rules."""
    literals: dict[str, str] = {}
    by_name: dict[str, str] = {}
    display: dict[str, str] = {}
    for term in lk.terminals:
        if isinstance(term.pattern, pattern_str):
            literals.setdefault(term.pattern.value.lower(), term.name)
            by_name[term.name] = term.pattern.value.lower()
            display[term.name] = f'"{term.pattern.value}"'
        else:
            display[term.name] = term.name
    desc = {by_name[s.name] for r in lk.rules if r.origin.name in _DESC_RULES
            for s in r.expansion if s.name in by_name}
    desc.add("non")
    verbs = {r.expansion[0].name for r in lk.rules
             if r.origin.name == "effects__vp" and r.expansion and r.expansion[0].is_term}
    keyword_first = {r.expansion[0].name for r in lk.rules
                     if r.origin.name in ("keywords__kwn_plain", "keywords__kwn_numbered",
                                          "keywords__kwn_costed", "keyword")
                     and r.expansion and r.expansion[0].is_term}
    return {"literals": literals, "desc_words": sorted(desc), "verbs": sorted(verbs),
            "keyword_first": sorted(keyword_first), "display": display}


# --- the file format ----------------------------------------------------------------------------

def dumps(header: dict[str, Any], offsets: array, keys: array, acts: array, key: str) -> bytes:
    """MAGIC, one JSON line (key, array lengths, payload sha256), the payload: the JSON header
    and the three arrays in the machine's byte order."""
    head = json.dumps(header, separators=(",", ":")).encode()
    payload = head + offsets.tobytes() + keys.tobytes() + acts.tobytes()
    meta = {"key": key, "byteorder": sys.byteorder, "header": len(head),
            "offsets": len(offsets), "keys": len(keys), "acts": len(acts),
            "itemsizes": [offsets.itemsize, keys.itemsize, acts.itemsize],
            "sha256": hashlib.sha256(payload).hexdigest()}
    return MAGIC + json.dumps(meta).encode() + b"\n" + payload


def loads(blob: bytes, key: str) -> tuple[dict[str, Any], array, array, array]:
    """The inverse of :func:`dumps`; ValueError when the blob is not tables for ``key``."""
    if not blob.startswith(MAGIC):
        raise ValueError("not an mtgasp table file")
    nl = blob.index(b"\n", len(MAGIC))
    meta = json.loads(blob[len(MAGIC):nl])
    payload = memoryview(blob)[nl + 1:]
    arrays = [array("I"), array("H"), array("i")]
    if (meta.get("key") != key or meta.get("byteorder") != sys.byteorder
            or meta.get("itemsizes") != [a.itemsize for a in arrays]):
        raise ValueError("tables of another grammar, Lark version or machine")
    if hashlib.sha256(payload).hexdigest() != meta.get("sha256"):
        raise ValueError("table file corrupted (sha256 differs)")
    pos = meta["header"]
    header = json.loads(bytes(payload[:pos]))
    for arr, n in zip(arrays, (meta["offsets"], meta["keys"], meta["acts"])):
        end = pos + n * arr.itemsize
        arr.frombytes(payload[pos:end])
        pos = end
    if pos != len(payload) or header.get("format") != FORMAT:
        raise ValueError("table file has the wrong length or format")
    return header, arrays[0], arrays[1], arrays[2]


# --- the per-user cache -------------------------------------------------------------------------

def cache_dir() -> Path | None:
    """The per-user cache directory, created 0700; None when it is not safe to use (not a
    directory, a symbolic link, owned by someone else, or open to group/others and not ours
    to tighten)."""
    env = os.environ.get("MTGASP_CACHE_DIR")
    if env:
        base = Path(env)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "mtgasp"
    getuid = getattr(os, "getuid", None)
    try:
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(base)
        if not stat.S_ISDIR(st.st_mode) or (getuid is not None and st.st_uid != getuid()):
            return None
        if getuid is not None and st.st_mode & 0o077:
            os.chmod(base, 0o700)
            if os.lstat(base).st_mode & 0o077:
                return None
    except (OSError, RuntimeError):
        return None
    return base


def _read_safely(path: Path) -> bytes | None:
    """The file's bytes if it is a regular file owned by the user and writable by no one else."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        getuid = getattr(os, "getuid", None)
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o022:
            return None
        if getuid is not None and st.st_uid != getuid():
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    finally:
        os.close(fd)


def _write_atomically(path: Path, blob: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tables-", dir=path.parent)  # created 0600
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def load_tables() -> "Tables":
    """The tables from the per-user cache, else built now (and stored when the cache is safe)."""
    key = grammar_key()
    where = cache_dir()
    path = where / f"oracle-lalr-{key}.tables" if where is not None else None
    if path is not None:
        blob = _read_safely(path)
        if blob is not None:
            try:
                return Tables(*loads(blob, key))
            except (ValueError, KeyError, TypeError):
                pass  # stale or corrupted: rebuilt and replaced below
    built = generate()
    if path is not None:
        _write_atomically(path, dumps(*built, key))
    return Tables(*built)


# --- the driver ---------------------------------------------------------------------------------

class Tables:
    """The LALR(1) table: rows decoded on first use, rules, start and end states."""

    def __init__(self, header: dict[str, Any], offsets: array, keys: array, acts: array) -> None:
        self.header = header
        self.symbols: list[str] = header["symbols"]
        self.rules: list[dict[str, Any]] = header["rules"]
        self.start_states: dict[str, int] = header["start_states"]
        self.end_states: dict[str, int] = header["end_states"]
        self._offsets, self._keys, self._acts = offsets, keys, acts
        self._rows: list[dict[str, int] | None] = [None] * (len(offsets) - 1)
        #: rule index → (origin, size, callback), once :meth:`bind` has run
        self._bound: list[tuple[str, int, Callable[[list], Any]]] = []
        #: when a set: the indices of the rules reduced are added to it (the corpus report's
        #: count of the cards each grammar alias reads)
        self.trace: set[int] | None = None
        #: (state, a word's candidate types) -> :meth:`_choice`: a word meets the same states
        #: again and again, so its candidates are weighed once per state
        self._choices: dict[tuple[int, tuple[str, ...]], tuple[str, tuple[str, ...] | None]] = {}

    def row(self, state: int) -> dict[str, int]:
        """Symbol → action: a state (≥ 0) to shift to or go to, or ``~rule`` (< 0) to reduce."""
        r = self._rows[state]
        if r is None:
            a, b = self._offsets[state], self._offsets[state + 1]
            sym = self.symbols
            r = self._rows[state] = dict(zip([sym[k] for k in self._keys[a:b]], self._acts[a:b]))
        return r

    def bind(self, transformer: Any) -> None:
        """Make each rule's callback: the transformer's method (or ``__default__``), with the
        children shaped as Lark's tree builder shapes them."""
        default = transformer.__default__
        bound = []
        for r in self.rules:
            name = r["name"]
            f = getattr(transformer, name, None)
            if f is None:
                f = _default(default, name)
            if r["expand1"]:
                f = _expand_single(f)
            if r["include"] is not None:
                f = _child_filter(f, [(i, bool(x)) for i, x in r["include"]])
            bound.append((r["origin"], r["size"], f))
        self._bound = bound

    def parse(self, tokens: list, start: str = "line") -> Any:
        """Parse a list of :class:`~.lexer.PreToken`; the value of the start rule.

        The LALR loop: for each token, reduce while the action is a reduction (the rule's
        callback on the popped values, then the goto of its origin), then shift.

        **A word with several candidate terminals** (docs/parser.md) takes the first candidate
        that the current state has an action for. When that action is a shift, that is the
        choice. When it is a reduction and another candidate also has an action, the state is a
        *choice point*: the loop saves its stacks, runs the reductions for real, and if the
        token is then refused (LALR's merged look-ahead sets allow a reduction after which the
        token cannot be shifted) it puts the stacks back and tries the next candidate; if none
        is shifted, the error is the first candidate's. There is no second simulation of the
        table: every reduction the parser makes is one of this loop's."""
        trace = self.trace
        log: list[int] = []  # the rules reduced, for ``trace`` (a choice point undoes its part)
        try:
            return self._loop(tokens, start, log if trace is not None else None)
        finally:
            if trace is not None:
                trace.update(log)

    def _loop(self, tokens: list, start: str, log: list[int] | None) -> Any:
        rows = self._rows
        load = self.row
        bound = self._bound
        choices = self._choices
        stack = [self.start_states[start]]
        values: list = []
        end_state = self.end_states[start]
        last = tokens[-1].end if tokens else 0
        n = len(tokens)
        i = 0
        # the current token's choice point: [saved states, length of the log, the candidates
        # left to try, the reductions made whose callbacks wait for the shift, the first
        # candidate]. The saved states are [h, chunks]: the stack below height h is untouched
        # and the states popped from below h are kept in chunks (copying the whole stack would
        # cost O(depth) per choice point: quadratic on a right-recursive list, issue 13)
        point: list | None = None
        forced = None  # no candidate was shifted: the first one, without a choice point
        state = stack[-1]  # the state on top of the stack
        while True:
            if i < n:
                pt = tokens[i]
                types = pt.types
                if point is not None:
                    ttype = point[2][0]
                elif forced is not None:
                    ttype = forced
                    forced = None
                elif len(types) == 1:
                    ttype = types[0]
                else:
                    hit = choices.get((state, types))
                    if hit is None:
                        hit = choices[(state, types)] = self._choice(state, types)
                    ttype, accepted = hit
                    if accepted is not None:
                        point = [[len(stack), []], len(log) if log is not None else 0, accepted, [], ttype]
            else:
                ttype = "$END"
            while True:
                actions = rows[state] or load(state)
                code = actions.get(ttype)
                if code is None:
                    if point is None:
                        if i < n:
                            tok = _token(ttype, pt.value, pt.start, pt.end)
                        else:
                            tok = _token("$END", "", last, last)
                            tok.column = tok.end_column = 1
                        raise UnexpectedToken(tok, {s for s in actions if s.isupper()})
                    # refused after the reductions: back to the choice point, the next
                    # candidate; when none is left, the first one again, with its callbacks
                    # (its error, or a template's rejection, is the parse's)
                    saved, logged, left, _, first = point
                    del stack[saved[0]:]
                    for chunk in reversed(saved[1]):
                        stack.extend(chunk)
                    state = stack[-1]
                    if log is not None:
                        del log[logged:]
                    if len(left) > 1:
                        point = [[len(stack), []], logged, left[1:], [], first]
                    else:
                        point = None
                        forced = first
                    break
                if code >= 0:
                    if point is not None:  # the token is shifted: the reductions' callbacks now
                        for rule in point[3]:
                            origin, size, callback = bound[rule]
                            if size:
                                children = values[-size:]
                                del values[-size:]
                            else:
                                children = []
                            values.append(callback(children))
                        point = None
                    stack.append(code)
                    state = code
                    values.append(_token(ttype, pt.value, pt.start, pt.end))
                    i += 1
                    break
                rule = ~code
                origin, size, callback = bound[rule]
                if log is not None:
                    log.append(rule)
                if point is not None:  # at a choice point only the states move
                    if size:
                        cut = len(stack) - size
                        saved = point[0]
                        if cut < saved[0]:  # original states popped: kept for a restore
                            saved[1].append(stack[cut:saved[0]])
                            saved[0] = cut
                        del stack[cut:]
                    state = (rows[stack[-1]] or load(stack[-1]))[origin]
                    stack.append(state)
                    point[3].append(rule)
                    continue
                if size == 1:  # most reductions (one child): the tops replaced in place
                    value = values[-1] = callback([values[-1]])
                    below = stack[-2]
                    state = stack[-1] = (rows[below] or load(below))[origin]
                else:
                    if size:
                        children = values[-size:]
                        del stack[-size:]
                        del values[-size:]
                    else:
                        children = []
                    value = callback(children)
                    state = (rows[stack[-1]] or load(stack[-1]))[origin]
                    stack.append(state)
                    values.append(value)
                if state == end_state and i >= n:
                    return value

    def _choice(self, state: int, types: tuple[str, ...]) -> tuple[str, tuple[str, ...] | None]:
        """A word with several candidate terminals in ``state``: the candidate to try (the first
        one the state has an action for; else the first one, whose error is the parse's) and,
        when the state is a choice point (that candidate's action is a reduction and another
        candidate has an action too), the candidates with an action; else None."""
        actions = self.row(state)
        accepted = tuple(c for c in types if c in actions)
        if not accepted:
            return types[0], None
        if len(accepted) > 1 and actions[accepted[0]] < 0:
            return accepted[0], accepted
        return accepted[0], None


_new_str = str.__new__


def _token(ttype: str, value: str, start: int, end: int) -> Token:
    """A Lark ``Token`` (a ``str`` with its documented attributes), made without
    ``Token.__new__``'s keyword handling: three times cheaper, and tokens are most of the
    objects a parse makes."""
    tok = _new_str(Token, value)
    tok.type = ttype
    tok.value = value
    tok.start_pos = start
    tok.line = 1
    tok.column = start + 1
    tok.end_line = 1
    tok.end_column = end + 1
    tok.end_pos = end
    return tok


def _default(default: Callable[..., Any], name: str) -> Callable[[list], Any]:
    def f(children: list) -> Any:
        return default(name, children, None)

    return f


def _expand_single(f: Callable[[list], Any]) -> Callable[[list], Any]:
    def g(children: list) -> Any:
        return children[0] if len(children) == 1 else f(children)

    return g


def _child_filter(f: Callable[[list], Any], include: list[tuple[int, bool]]) -> Callable[[list], Any]:
    if not any(expand for _, expand in include):  # only tokens left out: pick the others
        keep = [i for i, _ in include]
        if not keep:
            return lambda children: f([])
        if len(keep) == 1:
            k = keep[0]
            return lambda children: f([children[k]])
        pick = operator.itemgetter(*keep)
        return lambda children: f(list(pick(children)))

    (first, first_expands), rest = include[0], include[1:]

    def g(children: list) -> Any:
        # A left-recursive inlined list (``_items: _items "," item | item``) is extended in
        # place: the inlined first child's list is taken over, not copied, so a list of n items
        # costs O(n) in all, not O(n^2) (the child is a value of this parse only, consumed here).
        out = children[first].children if first_expands else [children[first]]
        for i, expand in rest:
            if expand:
                out.extend(children[i].children)
            else:
                out.append(children[i])
        return f(out)

    return g


if __name__ == "__main__":  # python -m mtgasp.parser.lalr: build the cache now
    t = load_tables()
    print(f"{len(t._rows)} states, {len(t.rules)} rules; cache: {cache_dir()}")
