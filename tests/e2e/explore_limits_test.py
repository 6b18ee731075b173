#!/usr/bin/env python3
"""The limits of `retro explore` against hostile or careless clients, on
127.0.0.1 only: a port another explorer holds, slow and endless request
heads, header floods (the server's memory), too many connections, byte
ranges, the warning for an address beyond loopback, requests from clients
that half-close, malformed header lines, a database file changed on disk,
and the stop within 2 s of SIGTERM whatever the clients do.

usage: explore_limits_test.py --retro BUILD/bin/retro --work SCRATCH
"""

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time

from explore_common import Server, read_all, solve_all

HEAD_TIME = 5.0  # ExploreLimits::head_time
MAX_CONNECTIONS = 64  # ExploreLimits::max_connections


def connect(port, timeout=15):
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def parse(answer):
    """(status or None, headers as a dict of lower-case names, body)."""
    if not answer.startswith(b"HTTP/1."):
        return None, {}, answer
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ")[1]), headers, body


def exchange(port, data, half_close=False):
    with connect(port) as s:
        try:
            s.sendall(data)
            if half_close:
                s.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass
        return parse(read_all(s))


def answered(s):
    """Whether the server has sent anything on `s` (or closed it)."""
    s.setblocking(False)
    try:
        return s.recv(1, socket.MSG_PEEK) is not None
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        s.setblocking(True)


def get(path, extra=""):
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Connection: close\r\n\r\n"
            ).encode("latin-1")


def is_envelope(body):
    try:
        envelope = json.loads(body)
    except ValueError:
        return False
    return envelope.get("ok") is False and "error" in envelope


def good(port):
    status, _, body = exchange(port, get("/api/databases"))
    return status == 200 and json.loads(body)["ok"]


class Trickler(threading.Thread):
    """A client that sends a request head one byte every `interval` seconds,
    reconnecting whenever the server closes, until stopped. Counts the
    answers it got (statuses)."""

    def __init__(self, port, interval):
        super().__init__(daemon=True)
        self.port, self.interval = port, interval
        self.stopping = threading.Event()
        self.statuses = []
        self.closed_after = []

    def run(self):
        head = b"GET /api/databases HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: a\r\n" * 1000
        while not self.stopping.is_set():
            try:
                s = connect(self.port, timeout=30)
            except OSError:
                time.sleep(0.2)
                continue
            began = time.monotonic()
            s.settimeout(self.interval)
            answer = b""
            try:
                for byte in head:
                    if self.stopping.is_set():
                        break
                    s.sendall(bytes([byte]))
                    try:
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        answer += chunk
                    except socket.timeout:
                        pass
            except OSError:
                pass
            finally:
                s.close()
            if answer:
                self.statuses.append(parse(answer)[0])
                self.closed_after.append(time.monotonic() - began)

    def stop(self):
        self.stopping.set()


def rss_peak_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def check_port_in_use(retro, server, tictactoe, failures):
    """1. A second explorer on the port of the first is refused."""
    second = subprocess.Popen([retro, "explore", "--db", tictactoe, "--port", str(server.port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _, err = second.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        second.kill()
        _, err = second.communicate()
        failures.append("port in use: the second explorer was still serving after 10 s")
    if second.returncode != 2 or "in use" not in err or str(server.port) not in err:
        failures.append(f"port in use: exit {second.returncode}, stderr {err!r} "
                        f"(want exit 2 naming port {server.port} in use)")
    for _ in range(20):
        if not good(server.port):
            failures.append("port in use: the first explorer no longer answers every request")
            break


def check_heads(server, failures):
    """2. Slow, endless and huge request heads."""
    port = server.port
    # A head that stops after its first lines: 408 after HEAD_TIME.
    with connect(port) as s:
        began = time.monotonic()
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        status, _, body = parse(read_all(s))
        took = time.monotonic() - began
    if status != 408 or not is_envelope(body) or not HEAD_TIME - 0.5 <= took <= HEAD_TIME + 2:
        failures.append(f"stalled head: HTTP {status} after {took:.1f} s (want 408 after "
                        f"{HEAD_TIME} s)")
    # Too many header lines, too many header bytes, then an endless flood.
    many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 200 + b"\r\n"
    status, _, body = exchange(port, many)
    if status != 400 or not is_envelope(body):
        failures.append(f"200 header lines: HTTP {status} (want 400)")
    big = b"GET / HTTP/1.1\r\nHost: x\r\n" + (b"X-B: " + b"b" * 4000 + b"\r\n") * 20 + b"\r\n"
    status, _, body = exchange(port, big)
    if status != 400 or not is_envelope(body):
        failures.append(f"80 KB of header lines: HTTP {status} (want 400)")
    flooded = 0
    began = time.monotonic()
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        line = b"X-Flood: " + b"f" * 100 + b"\r\n"
        block = line * 600  # about 64 KiB
        try:
            while flooded < 200 << 20 and time.monotonic() - began < 30:
                s.sendall(block)
                flooded += len(block)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            pass
        status, _, _ = parse(read_all(s))
    peak = rss_peak_kib(server.process.pid)
    print(f"header flood: {flooded >> 10} KiB sent before the server closed (answer "
          f"{status}); server peak RSS {peak} KiB")
    if peak is None or peak > 64 * 1024:
        failures.append(f"header flood: the server's peak RSS is {peak} KiB (the most is 64 MiB)")
    if not good(port):
        failures.append("after the header flood: the server no longer answers")
    # Ten slow clients: others are answered at once meanwhile, and each slow
    # one is closed (408) about HEAD_TIME after it began.
    slow = [Trickler(port, 0.5) for _ in range(10)]
    for t in slow:
        t.start()
    time.sleep(1)
    worst = 0.0
    for _ in range(30):
        began = time.monotonic()
        if not good(port):
            failures.append("with 10 slow clients: a request failed")
            break
        worst = max(worst, time.monotonic() - began)
        time.sleep(0.2)
    time.sleep(HEAD_TIME)
    for t in slow:
        t.stop()
    for t in slow:
        t.join(timeout=10)
    statuses = [s for t in slow for s in t.statuses]
    longest = max([a for t in slow for a in t.closed_after], default=None)
    print(f"10 slow clients: others answered within {worst * 1000:.0f} ms; slow heads "
          f"answered {sorted(set(statuses))}, the longest after {longest} s")
    if worst > 1.0:
        failures.append(f"with 10 slow clients: a request took {worst:.1f} s")
    if not statuses or set(statuses) != {408} or longest > HEAD_TIME + 2:
        failures.append(f"slow clients: answers {statuses}, longest {longest} s (want 408 "
                        f"within {HEAD_TIME} s)")
    # More connections than the bound: the extra one is refused at once
    # (503), and once they close, requests are answered again. The server
    # may still hold connections of the slow clients until it sees them
    # closed: while one of the idle ones was answered (refused), all are
    # opened again.
    idle = []
    try:
        for _ in range(10):
            for s in idle:
                s.close()
            idle = [connect(port) for _ in range(MAX_CONNECTIONS)]
            time.sleep(0.5)
            if not any(answered(s) for s in idle):
                break
            time.sleep(1)
        began = time.monotonic()
        status, _, body = exchange(port, get("/api/databases"))
        took = time.monotonic() - began
        if status != 503 or not is_envelope(body) or took > 2:
            failures.append(f"connection {MAX_CONNECTIONS + 1}: HTTP {status} after {took:.1f} s "
                            "(want 503 at once)")
    finally:
        for s in idle:
            s.close()
    time.sleep(0.5)
    if not good(port):
        failures.append("after too many connections: the server no longer answers")


def check_ranges(server, failures):
    """3. One range is served; several, or a bad one, get 416."""
    port = server.port
    status, _, whole = exchange(port, get("/explore.js"))
    length = len(whole)
    status, headers, body = exchange(port, get("/explore.js", "Range: bytes=10-19\r\n"))
    if status != 206 or body != whole[10:20] or \
            headers.get("content-range") != f"bytes 10-19/{length}":
        failures.append(f"one range: HTTP {status}, {headers.get('content-range')}")
    many = "Range: bytes=" + ",".join(["0-"] * 2000) + "\r\n"
    with connect(port) as s:
        s.sendall(get("/explore.js", many))
        answer = read_all(s)
    status, headers, body = parse(answer)
    if status != 416 or len(answer) > length or not is_envelope(body) or \
            headers.get("content-range") != f"bytes */{length}":
        failures.append(f"2000 ranges: HTTP {status}, {len(answer)} bytes back, Content-Range "
                        f"{headers.get('content-range')!r} (want 416, bytes */{length})")
    for bad in ["bytes=abc", "bytes=50-10", f"bytes={length}-", "lines=0-3", "bytes=-0"]:
        status, headers, body = exchange(port, get("/explore.js", f"Range: {bad}\r\n"))
        if status != 416 or not is_envelope(body) or \
                headers.get("content-range") != f"bytes */{length}":
            failures.append(f"Range {bad}: HTTP {status}, Content-Range "
                            f"{headers.get('content-range')!r} (want 416, bytes */{length})")


def check_parsing(server, failures):
    """5. Half-closed clients are answered; malformed header lines get 400."""
    port = server.port
    answered = 0
    for _ in range(40):
        status, _, _ = exchange(port, b"GET /api/databases HTTP/1.0\r\n\r\n", half_close=True)
        answered += status == 200
    if answered != 40:
        failures.append(f"half-closed HTTP/1.0 clients: {answered} of 40 answered")
    for name, request in [
            ("two Content-Length", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                   b"Content-Length: 0\r\nConnection: close\r\n\r\n"),
            ("a header line without a colon", b"GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n"
                                              b"Connection: close\r\n\r\n"),
            ("a NUL in a header", b"GET / HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n"
                                  b"Connection: close\r\n\r\n")]:
        status, _, body = exchange(port, request)
        if status != 400 or not is_envelope(body):
            failures.append(f"{name}: HTTP {status} (want 400 with an error envelope)")


def check_host_warning(retro, tictactoe, failures):
    """4. A warning on stderr when bound beyond loopback, none on loopback."""
    for host, warned in [("127.0.0.1", False), ("0.0.0.0", True)]:
        process = subprocess.Popen([retro, "explore", "--db", tictactoe, "--port", "0",
                                    "--host", host], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        process.stdout.readline()  # the address: it is listening
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=20)
        if ("warning" in err and "no authentication" in err) != warned:
            failures.append(f"--host {host}: stderr {err!r} (want {'a' if warned else 'no'} "
                            "warning)")


def check_changed_files(retro, work, tictactoe, failures):
    """6. A database whose file changed on disk is refused, the server lives."""
    copies = {}
    for name in ["touched", "truncated", "replaced"]:
        copies[name] = os.path.join(work, f"{name}.retro")
        shutil.copyfile(tictactoe, copies[name])
    server = Server(retro, list(copies.values()))
    probe = "/api/probe?db={}&position=x.o/.x./..o"
    try:
        for name in copies:
            status, _, _ = exchange(server.port, get(probe.format(name)))
            if status != 200:
                failures.append(f"{name} before the change: HTTP {status}")
        stat = os.stat(copies["touched"])
        os.utime(copies["touched"], ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
        with open(copies["truncated"], "r+b") as f:
            f.truncate(os.path.getsize(tictactoe) // 2)
        shutil.copyfile(tictactoe, copies["replaced"] + ".new")
        os.replace(copies["replaced"] + ".new", copies["replaced"])
        for name in copies:
            for path in [probe.format(name), f"/api/stats?db={name}"]:
                try:
                    status, _, body = exchange(server.port, get(path))
                except OSError as e:  # the server died (SIGBUS on a truncated file)
                    status, body = None, repr(e)
                message = json.loads(body).get("error", "") if status else body
                if status != 503 or "changed on disk" not in message:
                    failures.append(f"{name} after the change: {path}: HTTP {status} "
                                    f"{message!r} (want 503, changed on disk)")
        if not server.alive() or not good(server.port):
            failures.append("changed files: the server died or no longer answers")
    finally:
        code = server.stop()
    if code != 0:
        failures.append(f"changed files: exit {code} on SIGINT, not 0")


def check_stop(retro, tictactoe, failures):
    """2. SIGTERM stops the server within 2 s whatever its clients do."""
    server = Server(retro, [tictactoe])
    slow = [Trickler(server.port, 1.0) for _ in range(10)]
    for t in slow:
        t.start()
    idle = [connect(server.port) for _ in range(5)]
    # A client that asks for answers it never reads (a small receive buffer:
    # the server's writes block).
    unread = socket.socket()
    unread.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    unread.connect(("127.0.0.1", server.port))
    unread.sendall(b"".join(get("/explore.js").replace(b"Connection: close", b"X: y")
                            for _ in range(100)))
    time.sleep(1.5)
    began = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    try:
        code = server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
        code = "none"
    took = time.monotonic() - began
    for t in slow:
        t.stop()
    for s in idle + [unread]:
        s.close()
    print(f"stop: exit {code} {took:.2f} s after SIGTERM with 10 slow, 5 idle and 1 "
          "non-reading client")
    if code != 0 or took > 2.0:
        failures.append(f"SIGTERM with slow clients: exit {code} after {took:.1f} s (want 0 "
                        "within 2 s)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    paths = solve_all(args.retro, args.work)
    tictactoe = paths[-1]
    failures = []
    server = Server(args.retro, paths)
    try:
        check_port_in_use(args.retro, server, tictactoe, failures)
        check_ranges(server, failures)
        check_parsing(server, failures)
        check_heads(server, failures)
        if not server.alive():
            failures.append("retro explore died")
    finally:
        code = server.stop()
    if code != 0:
        failures.append(f"retro explore exited {code} on SIGINT, not 0")
    check_host_warning(args.retro, tictactoe, failures)
    check_changed_files(args.retro, args.work, tictactoe, failures)
    check_stop(args.retro, tictactoe, failures)
    for failure in failures:
        print("FAIL:", failure)
    print(f"explore limits: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
