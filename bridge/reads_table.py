"""The table of what the rules read (:class:`ReadTable`), and the table of the installed rule
files kept in a cache (:func:`read_table`), with no clingo: the corpus report (``mtgasp corpus``)
checks the parser's fact text against it and never loads the solver or the engine (issue 12).

``mtgasp.reads`` explains what "read" means and lists the facts of a question no rule reads;
``mtgasp.read_analysis`` is the static pass over the rules' syntax that builds the table, run
only when the cache misses.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .rules_asp import rules_dir

if TYPE_CHECKING:
    import clingo

__all__ = ["DECLARATIONS", "ReadTable", "cache_dir", "kind_of", "kind_of_text", "read_table", "rule_files"]

Sig = tuple[str, int]
Pos = tuple[str, int, int]  # predicate, arity, argument (1-based)


# --- the table ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ReadTable:
    """What the rules read: predicates, and for each kind argument the kinds."""

    predicates: frozenset[Sig]
    """Every predicate some rule reads in its body (input or derived)."""
    derived: frozenset[Sig]
    """Every predicate some rule or fact of the rule files defines (a head)."""
    kinds: dict[Pos, frozenset[str]]
    """For each declared kind argument, the kinds read there (``"draw/2"``, ``"tap"``,
    ``'"flying"'``)."""
    descriptive: frozenset[Sig] = frozenset()
    defined: frozenset[Sig] = frozenset()
    """Predicates declared ``#defined`` in the rule files (the declared inputs)."""
    unread_inputs: frozenset[Sig] = frozenset()
    """Inputs declared as read by no rule yet (``unread_input/2``): documentation, checked by
    the tests against :attr:`predicates`."""
    where: dict[tuple[Pos, str], str] = field(default_factory=dict, compare=False)
    """For each (kind argument, kind), the first rule file that reads it."""

    @functools.cached_property
    def _kind_args(self) -> dict[Sig, tuple[int, ...]]:
        out: dict[Sig, list[int]] = defaultdict(list)
        for p, n, i in self.kinds:
            out[(p, n)].append(i)
        return {k: tuple(sorted(v)) for k, v in out.items()}

    @functools.cached_property
    def _plain(self) -> frozenset[str]:
        """Names read at every arity the rules know them by, with no kind argument: a fact of
        such a name is read whatever its arguments (the fast path)."""
        arities: dict[str, set[int]] = defaultdict(set)
        for p, n in self.predicates | self.derived | self.defined | self.descriptive:
            arities[p].add(n)
        kinded = {p for p, _n in self._kind_args}
        ok = self.predicates | self.descriptive
        return frozenset(p for p, ns in arities.items() if p not in kinded and all((p, n) in ok for n in ns))

    @property
    def plain_names(self) -> frozenset[str]:
        """The fact names read whatever their arguments: :meth:`unread_text` passes a fact of
        such a name at a glance (the corpus report checks its facts' names against it first)."""
        return self._plain

    def unread(self, fact: clingo.Symbol) -> str | None:
        """Why no rule reads ``fact`` (a short phrase), or None when some rule reads it."""
        if fact.name in self._plain:
            return None
        return self._why(fact.name, fact.arguments, kind_of)

    def unread_text(self, fact: str) -> str | None:
        """:meth:`unread` for a fact written as ASP text (``effect(ab(card("X"),1),1,draw(you,1))``),
        without building clingo symbols: the parser prints its facts as text."""
        i = fact.find("(")
        name = fact if i < 0 else fact[:i]
        if name in self._plain:
            return None
        return self._why(name, [] if i < 0 else _split_args(fact, i), kind_of_text)

    def _why(self, name: str, args: Sequence[Any], kind: Callable[[Any], str | None]) -> str | None:
        """:meth:`unread` past the fast path: ``args`` are the fact's arguments, ``kind`` gives
        the kind one of them names (:func:`kind_of` or :func:`kind_of_text`)."""
        sig = (name, len(args))
        if sig in self.descriptive:
            return None
        if sig not in self.predicates:
            return f"no rule reads {sig[0]}/{sig[1]}"
        for i in self._kind_args.get(sig, ()):
            k = kind(args[i - 1])
            if k is not None and k not in self.kinds[(sig[0], sig[1], i)]:
                return f"no rule reads the {k} of {sig[0]}/{sig[1]}"
        return None


#: what matters when splitting a term's arguments: a quoted string (its commas and parentheses
#: are not the term's; one left open runs to the end), a parenthesis, a comma
_ARG_MARKS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)|[(),]', re.S)


def _split_args(text: str, open_at: int) -> list[str]:
    """The top-level arguments of the term ``text`` whose argument list opens at ``open_at``
    (its last character closes it).

    A text without a string (most facts) is cut at every comma and the pieces joined back
    where a comma stands inside parentheses: the depth at a comma is what the pieces before it
    open and close (a count per piece, not a step per character); a text holding a string is
    scanned mark by mark (a string's commas and parentheses are not the term's)."""
    start = open_at + 1
    end = len(text) - 1
    if '"' not in text:
        inner = text[start:end]
        parts = inner.split(",")
        if "(" not in inner and ")" not in inner:
            return parts
        cut: list[str] = []
        depth = 0
        at = begin = 0
        for part in parts[:-1]:
            depth += part.count("(") - part.count(")")
            at += len(part) + 1
            if not depth:
                cut.append(inner[begin:at - 1])
                begin = at
        cut.append(inner[begin:])
        return cut
    args: list[str] = []
    depth = 0
    for m in _ARG_MARKS.finditer(text, start, end):
        c = m.group()
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:m.start()])
            start = m.end()
    args.append(text[start:end])
    return args


def _split_args_by_char(text: str, open_at: int) -> list[str]:
    """:func:`_split_args` one character at a time (the reference the tests compare it with)."""
    args: list[str] = []
    depth = 0
    start = open_at + 1
    in_str = escaped = False
    for j in range(start, len(text) - 1):
        c = text[j]
        if in_str:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[start:j])
            start = j + 1
    args.append(text[start:len(text) - 1])
    return args


def kind_of_text(arg: str) -> str | None:
    """:func:`kind_of` for a term written as ASP text (as the parser prints it)."""
    arg = arg.strip()
    if not arg or arg[0] == "(" or arg[0].isdigit() or arg[0] == "-":
        return None
    if arg[0] == '"':
        return arg
    i = arg.find("(")
    return arg if i < 0 else f"{arg[:i]}/{len(_split_args(arg, i))}"


def kind_of(sym: clingo.Symbol) -> str | None:
    """The kind a value names: ``name/arity`` for a function term, the constant's name, a
    string with its quotes; None for numbers (never a kind)."""
    from clingo import SymbolType  # loaded already: the caller holds a clingo symbol

    t = sym.type
    if t == SymbolType.Function:
        return f"{sym.name}/{len(sym.arguments)}" if sym.arguments else sym.name
    if t == SymbolType.String:
        return str(sym)
    return None


# --- the table of the installed rule files ---------------------------------------------


DECLARATIONS = "reads.lp"


def rule_files(base: Path | None = None) -> list[tuple[str, str]]:
    """(path relative to the rule directory, text) of every rule file but the declarations."""
    if base is None:
        base = rules_dir()
    return [
        (str(p.relative_to(base)), p.read_text(encoding="utf-8"))
        for p in sorted(base.rglob("*.lp"))
        if p.name != DECLARATIONS
    ]


@functools.lru_cache(maxsize=1)
def read_table() -> ReadTable:
    """The read table of the installed rule files: computed once (the pass takes ~0.3 s), then
    kept in a cache file keyed by the text of the rule files, this module and read_analysis.py (see
    :func:`cache_dir`), so a command line that answers one question does not pay it again.
    The pass (:mod:`mtgasp.read_analysis`, clingo's syntax tree) is imported only on a miss."""
    base = rules_dir()
    files = rule_files(base)
    decls = (base / DECLARATIONS).read_text(encoding="utf-8")
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update((Path(__file__).parent / "read_analysis.py").read_bytes())  # the pass itself
    for name, text in [*files, (DECLARATIONS, decls)]:
        h.update(name.encode() + b"\0" + text.encode() + b"\0")
    path = None if (d := cache_dir()) is None else d / f"reads-{h.hexdigest()[:32]}.json"
    if path is not None:
        try:
            return _from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    from .read_analysis import analyse

    table = analyse(files, decls)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(_to_json(table)), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only home: computed again next time
    return table


def cache_dir() -> Path | None:
    """Where :func:`read_table` keeps its cache: ``$MTGASP_CACHE_DIR`` (empty: no cache), else
    ``$XDG_CACHE_HOME/mtgasp``, else ``~/.cache/mtgasp``."""
    env = os.environ.get("MTGASP_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg) / "mtgasp" if xdg else Path.home() / ".cache" / "mtgasp"


def _to_json(t: ReadTable) -> dict[str, Any]:
    return {
        "predicates": sorted(t.predicates), "derived": sorted(t.derived),
        "kinds": [[list(pos), sorted(ks)] for pos, ks in sorted(t.kinds.items())],
        "descriptive": sorted(t.descriptive), "defined": sorted(t.defined),
        "unread_inputs": sorted(t.unread_inputs),
        "where": [[list(pos), k, f] for (pos, k), f in sorted(t.where.items())],
    }


def _from_json(d: dict[str, Any]) -> ReadTable:
    sigs = lambda key: frozenset((p, n) for p, n in d[key])  # noqa: E731
    return ReadTable(
        predicates=sigs("predicates"), derived=sigs("derived"),
        kinds={(p, n, i): frozenset(ks) for (p, n, i), ks in d["kinds"]},
        descriptive=sigs("descriptive"), defined=sigs("defined"), unread_inputs=sigs("unread_inputs"),
        where={((p, n, i), k): f for (p, n, i), k, f in d["where"]},
    )
