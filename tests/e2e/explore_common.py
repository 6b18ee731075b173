"""What the `retro explore` tests share: solving a small database of every
shipped game, starting `retro explore --port 0` on them and reading the
address it prints, and `retro probe --json`, the independent reference the
API and the page are checked against; and reading a raw connection to
the end."""

import json
import os
import re
import socket
import subprocess
import time

# A small database of every shipped game: its id (the file's name without
# .retro), the game, and the solve options.
DATABASES = [
    ("oware-6", "oware", ["--seeds", "6", "--turn-limit", "40"]),
    ("surakarta-3", "surakarta", ["--pieces", "3"]),
    ("plakoto-6", "plakoto", ["--points", "6", "--pin", "2"]),
    ("tictactoe", "tictactoe", []),
]

ADDRESS = re.compile(r"open (http://127\.0\.0\.1:(\d+)/)")


def solve_all(retro, work):
    """Solves every database of DATABASES into `work` (once); their paths."""
    os.makedirs(work, exist_ok=True)
    paths = []
    for db_id, game, options in DATABASES:
        path = os.path.join(work, f"{db_id}.retro")
        if not os.path.exists(path):
            subprocess.run([retro, "solve", "--game", game, "--out", path, "--progress", "none"]
                           + options, check=True, capture_output=True, timeout=600)
        paths.append(path)
    return paths


class Server:
    """`retro explore --port 0 --db ...` running until stop()."""

    def __init__(self, retro, paths, extra=(), cwd=None):
        argv = [retro, "explore", "--port", "0"] + list(extra)
        for path in paths:
            argv += ["--db", path]
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, cwd=cwd)
        line = self.process.stdout.readline()
        match = ADDRESS.search(line)
        if not match:
            self.process.kill()
            raise SystemExit(f"retro explore printed {line!r}, not the address; stderr: "
                             f"{self.process.stderr.read()}")
        self.url = match.group(1)
        self.port = int(match.group(2))

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        """SIGINT, as Ctrl-C; returns the exit status."""
        if self.alive():
            self.process.send_signal(2)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return None
        return self.process.returncode


def cli_probe(retro, path, position):
    """`retro probe --db PATH --position P --json`: the envelope."""
    out = subprocess.run([retro, "probe", "--db", path, "--position", position, "--json"],
                         capture_output=True, text=True, timeout=120)
    return json.loads(out.stdout)


def wait_until(condition, timeout=20, what="a condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
        except Exception:  # pylint: disable=broad-except
            value = None  # e.g. an element replaced while read: try again
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def read_all(s):
    """What the server sends on socket `s` until it closes (or resets) the
    connection or the socket's timeout passes."""
    answer = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    return answer
