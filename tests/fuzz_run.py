"""Running the fuzzer's cases (``tests/fuzzing.py``): each case is one isolated ``mtgasp`` command,
judged on what it must do (issue 13).

Two ways to run a case, with the same judgement:

* ``fork`` (the default where ``os.fork`` exists): a child forked from this process, which has
  imported mtgasp and asked each command once (:func:`warm`: the rule files, the grammar and
  the embedded cards are read once, not once per run). The child gets its own process group,
  working directory, standard input (``/dev/null``), standard output and error (files) and exit
  status; it runs ``mtgasp.cli.main`` as the ``mtgasp`` program does (``sys.exit(main())``: an
  exception that escapes prints a traceback), watchdog included. A run costs the command's own
  work, not Python's start-up.
* ``subprocess``: the installed ``mtgasp`` program in a new process, start-up included; slower,
  used to confirm.

A run still going at its bound is killed with its whole process group and counted past its
bound. The bound is the command's time limit (``--timeout``), the watchdog's grace after it and
:data:`SLACK` for the process to begin and end (``subprocess``: plus :data:`STARTUP`).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fuzzing import EXAMPLES, SEARCH_TIMEOUT, Case

#: Seconds a forked run may take beyond its command's limit and the watchdog's grace (fork,
#: set-up, reaping; a loaded machine delays them), and seconds the command itself may take
#: beyond them (from ``main()``'s start to its return: the watchdog's own kill and report).
SLACK = 3.0
COMMAND_SLACK = 1.0
#: Seconds more for a run in a new process: Python's start-up and imports.
STARTUP = 15.0
SKIPPED = "skipped"


def grace() -> float:
    from mtgasp.watchdog import GRACE

    return GRACE


def limit_of(case: Case) -> float:
    """The seconds ``case``'s command promises to end in: its --timeout and the watchdog's grace."""
    timeout = SEARCH_TIMEOUT
    if "--timeout" in case.argv:
        with contextlib.suppress(ValueError, IndexError):
            timeout = float(case.argv[case.argv.index("--timeout") + 1])
    return timeout + grace()


def bound_of(case: Case, mode: str = "fork") -> float:
    """The wall-clock seconds ``case`` may take: its limit, slack, and start-up in a new process."""
    return limit_of(case) + SLACK + (STARTUP if mode == "subprocess" else 0.0)


@dataclass
class Outcome:
    case: Case
    status: int | None
    seconds: float
    stdout: str
    stderr: str
    problem: str = ""
    """Empty when the run did what it must; else why not (traceback, internal, status, ...)."""
    cpu: float = 0.0
    """CPU seconds of the run's processes (user + system), where the system says."""
    bound: float = 0.0
    command_seconds: float | None = None
    """``fork``: seconds from ``main()``'s start to its return (the command's own time, without
    the run's fork, set-up and reaping, which a loaded machine can delay)."""
    skipped: bool = False
    """Not run: a command line no process can be given (``subprocess`` mode, a NUL in an argument)."""


def default_mode() -> str:
    return "fork" if hasattr(os, "fork") else "subprocess"


_warm = False


def warm() -> None:
    """Ask each command once in this process (output discarded, no watchdog), so that forked
    runs find the rule files, the grammar, the embedded cards and the read table loaded."""
    global _warm
    if _warm:
        return
    _warm = True
    from mtgasp.cli import _main

    example = str(next(p for p in EXAMPLES if p.stem == "mana-basics"))
    commands = [["check", example], ["could-produce", example], ["tap", example, "forest"],
                ["pools", example, "--limit", "5"], ["abilities", example], ["actions", example],
                ["apply", example, "pass"], ["apply", example, "settle"], ["card", "Reflecting Pool"]]
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for argv in commands:
            _main(["--timeout", "60", *argv])


def _digest(path: Path) -> str:
    st = path.lstat()
    if not stat.S_ISREG(st.st_mode):
        return f"special {st.st_mode}"
    return hashlib.sha256(path.read_bytes()).hexdigest() + f" {st.st_mtime_ns}"


def run(case: Case, bound: float | None = None, *, mode: str | None = None) -> Outcome:
    """Run one case in a fresh directory, isolated (``mode``: ``fork`` or ``subprocess``), and judge it."""
    mode = mode or default_mode()
    bound = bound_of(case, mode) if bound is None else bound
    with tempfile.TemporaryDirectory(prefix="mtgasp-fuzz-") as tmp:
        d = Path(tmp) / "case"
        d.mkdir()
        for name, body in case.files.items():
            (d / name).write_bytes(body)
        for name, kind in case.special.items():
            if kind == "fifo":
                os.mkfifo(d / name)
        before = {p.name: _digest(p) for p in d.iterdir()}
        out_path, err_path = Path(tmp) / "stdout", Path(tmp) / "stderr"
        runner = _run_forked if mode == "fork" else _run_subprocess
        status, seconds, cpu, problem = runner(case.argv, d, out_path, err_path, bound)
        after = {p.name: _digest(p) for p in d.iterdir()}
        command_seconds = _command_seconds(Path(tmp) / "clock")
        so = out_path.read_bytes().decode("utf-8", "replace") if out_path.exists() else ""
        se = err_path.read_bytes().decode("utf-8", "replace") if err_path.exists() else ""
    if problem == SKIPPED:
        return Outcome(case, None, seconds, "", "", "", cpu, bound, skipped=True)
    if not problem and command_seconds is not None and command_seconds > limit_of(case) + COMMAND_SLACK:
        problem = f"past its bound ({command_seconds:.1f} s from the command's start to its end)"
    if not problem:
        problem = judge(case, status, so, se)
    if not problem and after != before:
        problem = "an input file was modified"
    return Outcome(case, status, seconds, so[:2000], se[:2000], problem, cpu, bound, command_seconds=command_seconds)


def _command_seconds(path: Path) -> float | None:
    """Seconds from ``main()``'s start to its end in a forked run (None if it did not end)."""
    try:
        times = [float(x) for x in path.read_text().split()]
    except (OSError, ValueError):
        return None
    return times[1] - times[0] if len(times) == 2 else None


def _run_forked(argv: list[str], cwd: Path, out: Path, err: Path, bound: float) -> tuple[int | None, float, float, str]:
    warm()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        _child(argv, cwd, out, err)
    return _wait(pid, t0, bound)


def _child(argv: list[str], cwd: Path, out: Path, err: Path) -> None:  # pragma: no cover - the child
    code = 1
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        os.chdir(cwd)
        fds = [os.open(os.devnull, os.O_RDONLY), os.open(out, os.O_WRONLY | os.O_CREAT, 0o600),
               os.open(err, os.O_WRONLY | os.O_CREAT, 0o600)]
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        # the streams a fresh ``mtgasp`` process would have (UTF-8 locale)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                      errors="backslashreplace", line_buffering=True)
        from mtgasp.cli import main

        clock = open(out.parent / "clock", "w")  # noqa: SIM115 - written at the start and the end
        clock.write(f"{time.monotonic()!r}\n")
        clock.flush()
        try:
            result = main(list(argv))
            code = result if isinstance(result, int) else 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:  # noqa: BLE001 - what Python itself would print for the program
            traceback.print_exc()
            code = 1
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        clock.write(f"{time.monotonic()!r}\n")
        clock.close()
        from mtgasp.watchdog import wait_children

        wait_children()  # the command's process, still freeing its memory: its CPU time counted
    finally:
        os._exit(code & 0xFF)


def _wait(pid: int, t0: float, bound: float) -> tuple[int | None, float, float, str]:
    """Wait for ``pid`` at most ``bound`` seconds from ``t0``; kill its process group after."""
    reaped: tuple[int, int, Any] | None = None
    if hasattr(os, "pidfd_open"):
        pidfd = os.pidfd_open(pid)
        try:
            select.select([pidfd], [], [], max(0.0, t0 + bound - time.monotonic()))
        finally:
            os.close(pidfd)
    while reaped is None:
        got = os.wait4(pid, os.WNOHANG)
        if got[0] == pid:
            reaped = got
        elif time.monotonic() >= t0 + bound:
            break
        else:
            time.sleep(0.02)
    seconds = time.monotonic() - t0
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)  # what is left of the run (its watchdog's child too)
    if reaped is None:
        _, _, usage = os.wait4(pid, 0)
        return None, seconds, usage.ru_utime + usage.ru_stime, f"past its bound ({bound:g} s)"
    _, wait_status, usage = reaped
    cpu = usage.ru_utime + usage.ru_stime
    if os.WIFSIGNALED(wait_status):
        return None, seconds, cpu, f"killed by signal {os.WTERMSIG(wait_status)}"
    return os.WEXITSTATUS(wait_status), seconds, cpu, ""


def _program() -> list[str]:
    exe = shutil.which("mtgasp", path=str(Path(sys.executable).parent)) or shutil.which("mtgasp")
    return [exe] if exe else [sys.executable, "-c", "import sys; from mtgasp.cli import main; sys.exit(main())"]


def _run_subprocess(argv: list[str], cwd: Path, out: Path, err: Path, bound: float) -> tuple[int | None, float, float, str]:
    if any("\x00" in a for a in argv):
        return None, 0.0, 0.0, SKIPPED  # no program can be given a NUL in an argument
    t0 = time.monotonic()
    before = os.times()
    with open(out, "wb") as so, open(err, "wb") as se:
        proc = subprocess.Popen([*_program(), *argv], cwd=cwd, stdin=subprocess.DEVNULL, stdout=so, stderr=se,
                                start_new_session=True)
        try:
            status: int | None = proc.wait(timeout=bound)
            problem = ""
        except subprocess.TimeoutExpired:
            status, problem = None, f"past its bound ({bound:g} s)"
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    if status is not None and status < 0:
        return None, time.monotonic() - t0, cpu, f"killed by signal {-status}"
    return status, time.monotonic() - t0, cpu, problem


def judge(case: Case, status: int | None, stdout: str, stderr: str) -> str:
    """Why the run broke a rule, or ``""``."""
    if "Traceback (most recent call last)" in stdout + stderr:
        return "traceback printed"
    if status == 3:
        return "internal error: " + stderr.strip()[:300]
    if status not in (0, 2, 4):
        return f"exit status {status}: {stderr.strip()[:200]}"
    if status == 2:
        if case.seed_input:
            return "an example state was refused: " + stderr.strip()[:200]
        msg = stderr.strip()
        if not msg:
            return "exit 2 without a message"
        if "\n\n" in msg:
            return "the error message is more than one paragraph"
        if len(msg) > 3000:
            return f"the error message is {len(msg)} characters long"
    if status == 4 and not (stderr.strip() or "incomplete" in stdout):
        return "exit 4 without saying the answer is incomplete"
    return ""


COMMANDS = ("check", "could-produce", "tap", "pools", "abilities", "actions", "apply", "card")


def kind_of(case: Case) -> str:
    """``scale``, ``card text`` or ``state file``, with the command: ``state file: check``."""
    command = next((a for a in case.argv if a in COMMANDS), "?")
    kind = "scale" if "scale:" in case.name else "card text" if "card text" in case.name else "state file"
    return f"{kind}: {command}"


def summary(outcomes: Iterable[Outcome]) -> dict[str, Any]:
    outcomes = list(outcomes)
    skipped = sum(1 for o in outcomes if o.skipped)
    outcomes = [o for o in outcomes if not o.skipped]
    by_status: dict[str, int] = {}
    by_command: dict[str, dict[str, int]] = {}
    for o in outcomes:
        by_status[str(o.status)] = by_status.get(str(o.status), 0) + 1
        row = by_command.setdefault(kind_of(o.case), {"runs": 0})
        row["runs"] += 1
        row[f"exit {o.status}"] = row.get(f"exit {o.status}", 0) + 1
    bad = [o for o in outcomes if o.problem]
    over = [(o.seconds if o.command_seconds is None else o.command_seconds) - limit_of(o.case) for o in outcomes]
    whole_over = [o.seconds - limit_of(o.case) for o in outcomes]
    return {
        "runs": len(outcomes),
        "skipped": skipped,
        "by_status": dict(sorted(by_status.items())),
        "by_command": dict(sorted(by_command.items())),
        "tracebacks": sum(1 for o in bad if o.problem.startswith("traceback")),
        "internal_errors": sum(1 for o in bad if o.problem.startswith("internal error")),
        "past_bound": sum(1 for o in bad if o.problem.startswith("past its bound")),
        "other_failures": sum(
            1 for o in bad if not o.problem.startswith(("traceback", "internal error", "past its bound"))
        ),
        "slowest_seconds": round(max((o.seconds for o in outcomes), default=0.0), 2),
        "past_timeout_and_grace": sum(1 for x in over if x > 0),
        "most_past_timeout_and_grace_seconds": round(max(over, default=0.0), 2),
        "runs_past_timeout_grace_and_slack_counting_fork_and_reap": sum(1 for x in whole_over if x > SLACK),
        "most_past_timeout_and_grace_counting_fork_and_reap": round(max(whole_over, default=0.0), 2),
        "cpu_seconds": round(sum(o.cpu for o in outcomes), 1),
        "failures": [{"case": o.case.name, "argv": o.case.argv, "problem": o.problem} for o in bad],
    }
