"""The command line's watchdog: a command still busy past its time limit is stopped, whatever
it is doing (issue 13).

clingo can cancel a search but not a grounding, and reading a huge state or parsing a long
Oracle text cannot be cancelled either. :func:`run` therefore runs the command in a forked
child process and waits for its answer. The command announces its deadline as soon as its
options are read (:mod:`mtgasp.deadline`: the time limit counts from the command's start, input
reading included), and each search announces its own before it grounds; when the child is
still busy :data:`GRACE` seconds after the latest deadline, it is killed and the command ends
with exit status 4 and one line saying that the time limit stopped it before it answered.

The child's standard output and error are collected and written by the parent once the answer
is whole, so a command never prints half an answer. Without ``os.fork`` (or with
``MTGASP_WATCHDOG=0``) the command runs in this process, as before: its searches stop at the
deadline, but reading and grounding run to their end.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import signal
import struct
import sys
import time
from collections.abc import Callable

#: Seconds a command may run on after its deadline before it is stopped (its searches stop at
#: the deadline; this leaves time to print what they found).
GRACE = 2.0

EXIT_INCOMPLETE, EXIT_INTERNAL = 4, 3
_DEADLINE, _RESULT = b"D", b"R"


def enabled() -> bool:
    return hasattr(os, "fork") and os.environ.get("MTGASP_WATCHDOG", "1") != "0"


def run(command: Callable[[], int], grace: float | None = None) -> int:
    """Run ``command`` (which prints its answer and returns an exit status) under the watchdog;
    it is stopped ``grace`` seconds (default :data:`GRACE`) after the latest deadline it announced."""
    grace = GRACE if grace is None else grace
    if not enabled():
        return command()
    _reap_ended()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (coverage does not follow a fork)
        os.close(read_end)
        _child(command, write_end)
    os.close(write_end)
    reaped: list[int] = []
    try:
        return _parent(pid, read_end, grace, reaped)
    finally:
        os.close(read_end)
        if not reaped:
            _dispose(pid)


#: Children killed or done but not yet reaped (see :func:`_dispose`).
_unreaped: list[int] = []


def _dispose(pid: int) -> None:
    """Stop the child if it still runs, and reap it only if it has already ended: a process
    frees its memory before it can be reaped (about 0.3 s per GB here, seconds for a grounding
    of several GB on a loaded machine), time past the deadline the answer must not wait for. A
    child not reaped yet is tried again at the next :func:`run` (and by init once we exit)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)  # not reaped: the pid is still this child's
    _unreaped.append(pid)
    _reap_ended()


def wait_children() -> None:
    """Reap every child still ending, waiting for each: for a caller that has its answer and
    wants their CPU time in its own usage (the fuzzer's runs, after the command's clock)."""
    while _unreaped:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(_unreaped[-1], 0)
        _unreaped.pop()


def _reap_ended() -> None:
    for p in list(_unreaped):
        try:
            done = os.waitpid(p, os.WNOHANG)[0]
        except ChildProcessError:
            done = p
        if done:
            _unreaped.remove(p)


def _send(fd: int, kind: bytes, payload: bytes) -> None:
    data = kind + struct.pack("!Q", len(payload)) + payload
    while data:
        data = data[os.write(fd, data) :]


def _child(command: Callable[[], int], fd: int) -> None:  # pragma: no cover - runs in the child
    from . import deadline

    status = EXIT_INTERNAL
    out, err = io.StringIO(), io.StringIO()
    try:
        deadline.hooks.append(lambda at: _send(fd, _DEADLINE, struct.pack("!d", at)))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = command()
    except BaseException as e:  # noqa: BLE001 - reported by the parent; never a traceback
        err.write(f"mtgasp: internal error ({type(e).__name__}) in the command's process\n")
    finally:
        try:
            body = json.dumps({"status": status, "out": out.getvalue(), "err": err.getvalue()}).encode("ascii")
            _send(fd, _RESULT, body)
        finally:
            os._exit(0)


def _parent(pid: int, fd: int, grace: float, reaped: list[int]) -> int:
    """Wait for the child's answer, or kill it past its deadline and the grace; ``reaped``
    gets the child's pid if this function reaped it."""
    buf = bytearray()
    stop_at: float | None = None
    deadline: float | None = None
    started = time.monotonic()
    while True:
        wait = None if stop_at is None else max(0.0, stop_at - time.monotonic())
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            os.kill(pid, signal.SIGKILL)  # reaped (or not) by run()'s _dispose: no wait here
            assert deadline is not None
            sys.stderr.write(
                f"mtgasp: incomplete: the time limit stopped the command {time.monotonic() - started:.1f} s after it "
                f"began, {grace:g} s past its deadline, before it answered (reading the input, parsing Oracle text and "
                "grounding the rules cannot be interrupted); nothing is claimed (raise --timeout)\n"
            )
            return EXIT_INCOMPLETE
        chunk = os.read(fd, 1 << 16)
        if not chunk:  # the pipe closes once the child has ended (its memory freed)
            _, wait_status = os.waitpid(pid, 0)
            reaped.append(pid)
            sys.stderr.write(
                f"mtgasp: internal error (the command's process ended without an answer, status {wait_status}). "
                "This is a bug in mtgasp; please report it with the command line and the input files.\n"
            )
            return EXIT_INTERNAL
        buf += chunk
        while len(buf) >= 9:
            kind, size = bytes(buf[:1]), struct.unpack("!Q", bytes(buf[1:9]))[0]
            if len(buf) < 9 + size:
                break
            payload = bytes(buf[9 : 9 + size])
            del buf[: 9 + size]
            if kind == _DEADLINE:
                deadline = max(deadline or 0.0, struct.unpack("!d", payload)[0])
                stop_at = deadline + grace
            elif kind == _RESULT:  # the child's last act: run() disposes of it
                answer = json.loads(payload)
                sys.stdout.write(answer["out"])
                sys.stderr.write(answer["err"])
                sys.stdout.flush()
                return int(answer["status"])
