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

**The driver** (:class:`~.lalr_driver.Tables`, parser/lalr_driver.py) is the LALR loop over
these tables, with the lexer's rule for a word with several candidate terminals (docs/parser.md);
its reduction callbacks (parser/lalr_shaping.py) shape the children as Lark's tree builder does
for this grammar's options and call the transformer's methods.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import tempfile
from array import array
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from lark import Token

from .lalr_driver import Tables

GRAMMAR_DIR = Path(str(resources.files(__package__) / "grammar"))
START = ["line", "keyword_only", "keyword_action_line"]
FORMAT = 2
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
            # the terminals whose tokens the rule keeps: [position, terminal name] (the driver
            # makes a Lark Token of a shifted word only when a rule keeps it)
            "tokens": [[i, s["name"]] for i, s in enumerate(expansion) if s["__type__"] == "Terminal"
                       and (keep_all or not s.get("filter_out"))],
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


#: markers that stand for a word of the text, shown in error messages as that word (where the
#: word itself is expected too, the two are one entry): WITH_COUNTER_ON is the "with" of
#: "exile ... with a <kind> counter on it" (lexer_lists._counter_put_with)
_MARKER_WORDS = {"WITH_COUNTER_ON": '"with"'}


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
    display.update(_MARKER_WORDS)  # (declared terminals: not among lk.terminals)
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


if __name__ == "__main__":  # python -m mtgasp.parser.lalr: build the cache now
    t = load_tables()
    print(f"{len(t._rows)} states, {len(t.rules)} rules; cache: {cache_dir()}")
