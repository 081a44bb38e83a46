"""Runs `gameai play` for the play tests: through pipes with scripted input
(exact output, for the leak checks) or through a pty with a strategy that
answers each prompt (as a person at a terminal). Every run is bounded in
time and its process group is killed when it ends."""

import os
import pty
import re
import select
import signal
import subprocess
import time

GAMEAI = os.environ.get("GAMEAI", "gameai")
TIME_LIMIT = 150  # seconds for one game


def run_piped(args, lines, timeout=TIME_LIMIT, env=None):
    """`gameai play ARGS` with LINES as its standard input: (rc, output).
    ENV: the process's environment (default: this one's)."""
    proc = subprocess.Popen([GAMEAI, "play", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True, env=env)
    try:
        out, _ = proc.communicate("".join(l + "\n" for l in lines).encode(),
                                  timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, out


def run_pty(args, answer, prompt=rb"You> $", timeout=TIME_LIMIT):
    """`gameai play ARGS` on a pty; at every prompt ANSWER(screen) gives the
    line to type (screen: the text since the last answer). Returns (rc, the
    whole transcript as text)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: gameai on the pty
        os.execv(GAMEAI, [GAMEAI, "play", *args])
    transcript = b""
    since = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the pty: it has ended
                break
            if not chunk:
                break
            transcript += chunk
            since += chunk
            if re.search(prompt, since):
                line = answer(since.decode("utf-8", "replace"))
                since = b""
                os.write(fd, (line + "\n").encode())
        else:
            raise TimeoutError("gameai play %s: no end within %ds"
                               % (" ".join(args), timeout))
    finally:
        status = _reap(pid)
        os.close(fd)
    rc = os.waitstatus_to_exitcode(status)
    return rc, transcript.decode("utf-8", "replace")


def _reap(pid, grace=10):
    """The exit status of PID, killing it if it has not ended in GRACE s."""
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    return os.waitpid(pid, 0)[1]


def read_debug_log(path):
    """The --debug-log entries: [(bytes shown before, full state text)]."""
    entries = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for block in text.split("--- shown ")[1:]:
        head, _, state = block.partition("\n")
        entries.append((int(head), state))
    return entries
