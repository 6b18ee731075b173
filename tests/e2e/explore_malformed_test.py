#!/usr/bin/env python3
"""Malformed requests to `retro explore`, sent over a raw socket: bad
positions, unknown databases and parameters, path traversal (plain and
percent-encoded), huge URLs and headers, methods other than GET, truncated
and garbled requests, and clients that leave mid-answer. Each must get a 4xx
answer (with a JSON error envelope when it has a body) or, for a request
that never ends, a closed connection; nothing may leak a file from disk; and
after each the server must still answer a good request.

usage: explore_malformed_test.py --retro BUILD/bin/retro --work SCRATCH
"""

import argparse
import json
import socket
import sys
import urllib.parse

from explore_common import Server, read_all, solve_all

GOOD = "GET /api/databases HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def q(**params):
    return urllib.parse.urlencode(params)


def get(path):
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def method(name, path="/api/databases", body=""):
    return (f"{name} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f"Content-Length: {len(body)}\r\n\r\n{body}")


# (name, request bytes or text, what may come back: "4xx", or "4xx-or-closed"
# for requests that never end or are not HTTP).
def cases():
    bad_positions = {
        "oware-6": ["", "1 2 3", "a b c d e f g h i j k l", "1 1 1 1 1 1 | 1 1 1 1 1 1 1",
                    "9 9 9 9 9 9 | 9 9 9 9 9 9", "-1 0 0 0 0 0 | 0 0 0 0 0 1"],
        "surakarta-3": ["", "XXXXXX/XX X", "....../....../....../....../....../...... Z",
                        "XXXXXX/XXXXXX/XXXXXX/....../....../...... X"],
        "plakoto-6": ["", "p=9 1 2", "p=2 14 0 0 0 0 0 0", "p=2 13 1 0 0 0 x"],
        "tictactoe": ["", "x.o/.x.", "xxx/ooo/...", "x\x00o/.x./..o", "é.o/.x./..o"],
    }
    out = []
    for db, positions in bad_positions.items():
        for position in positions:
            out.append((f"bad position {position!r} of {db}",
                        get("/api/probe?" + q(db=db, position=position)), "4xx"))
    out.append(("huge position", get("/api/probe?" + q(db="tictactoe", position="x" * 7000)),
                "4xx"))
    out.append(("bad picture position", get("/api/render?" + q(db="oware-6", position="1")),
                "4xx"))
    # Databases and parameters.
    for db in ["nope", "../../etc/passwd", "%2e%2e", "oware-6.retro", "", "OWARE-6"]:
        out.append((f"unknown database {db!r}", get("/api/probe?" + q(db=db, position="x")),
                    "4xx"))
        out.append((f"stats of unknown database {db!r}", get("/api/stats?" + q(db=db)), "4xx"))
    out += [
        ("probe without db", get("/api/probe"), "4xx"),
        ("probe without position", get("/api/probe?" + q(db="tictactoe")), "4xx"),
        ("db twice", get("/api/probe?db=tictactoe&db=oware-6&position=x.o/.x./..o"), "4xx"),
        ("unknown probe parameter",
         get("/api/probe?" + q(db="tictactoe", position="x.o/.x./..o", depth=3)), "4xx"),
        ("bad plies_left",
         get("/api/probe?" + q(db="oware-6", position="1 1 1 1 1 1 | 0 0 0 0 0 0",
                               plies_left=-4)), "4xx"),
        ("plies_left beyond the horizon",
         get("/api/probe?" + q(db="oware-6", position="1 1 1 1 1 1 | 0 0 0 0 0 0",
                               plies_left=41)), "4xx"),
        ("unknown stats parameter", get("/api/stats?" + q(db="tictactoe", x=1)), "4xx"),
        ("parameter to /api/databases", get("/api/databases?x=1"), "4xx"),
        ("unknown endpoint", get("/api/solve?" + q(db="tictactoe")), "4xx"),
        ("api root", get("/api/"), "4xx"),
    ]
    oware = {"db": "oware-6", "position": "1 1 1 1 1 1 | 0 0 0 0 0 0"}
    for name, extra in [("series without range", {"parameter": "plies_left"}),
                        ("series to < from", {"parameter": "plies_left", "from": 5, "to": 1}),
                        ("series step 0", {"parameter": "plies_left", "from": 0, "to": 4,
                                           "step": 0}),
                        ("series too long", {"parameter": "plies_left", "from": 0,
                                             "to": 10**6}),
                        ("series overflow", {"parameter": "plies_left", "from": 0,
                                             "to": "99999999999999999999999"}),
                        ("series unknown parameter", {"parameter": "depth", "from": 0, "to": 3}),
                        ("series text bound", {"parameter": "plies_left", "from": "a", "to": 3}),
                        ("series beyond the horizon", {"parameter": "plies_left", "from": 0,
                                                       "to": 41})]:
        out.append((name, get("/api/series?" + q(**oware, **extra)), "4xx"))
    # Paths: nothing but the embedded page and the API exists.
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
                 "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/explore.js/../../etc/passwd",
                 "//etc/passwd", "/etc/passwd", "/index.html%00.js", "/%2e%2e%5c%2e%2e%5cetc",
                 "/api/../../etc/passwd", "/api/%2e%2e/%2e%2e/etc/passwd",
                 "/CMakeLists.txt", "/build.ninja", "/retro", "/assets/explore.js",
                 "/explore.js%20", "/.git/config", "/proc/self/environ"]:
        out.append((f"path {path}", get(path), "4xx"))
    out.append(("path without a slash", "GET etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
                "4xx-or-closed"))
    out.append(("absolute URL", "GET http://127.0.0.1/../../etc/passwd HTTP/1.1\r\n"
                "Host: x\r\nConnection: close\r\n\r\n", "4xx-or-closed"))
    # Sizes.
    out += [
        ("URL of 9 KiB", get("/api/probe?db=tictactoe&position=" + "x" * 9000), "4xx-or-closed"),
        ("URL of 200 KiB", get("/" + "a" * 200000), "4xx-or-closed"),
        ("header of 20 KiB", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b" * 20000 +
         "\r\nConnection: close\r\n\r\n", "4xx-or-closed"),
        ("body of 1 MiB", method("POST", body="z" * (1 << 20)), "4xx-or-closed"),
        ("huge Content-Length", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999"
         "\r\nConnection: close\r\n\r\n", "4xx-or-closed"),
        ("negative Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n"
         "Connection: close\r\n\r\n", "4xx-or-closed"),
    ]
    # Methods.
    for name in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]:
        out.append((f"method {name}", method(name), "4xx"))
    for name in ["TRACE", "CONNECT", "FOO", "get", "G\x01T"]:
        out.append((f"method {name!r}", method(name), "4xx-or-closed"))
    # Truncated and garbled requests.
    out += [
        ("truncated request line", b"GET /api/probe?db=tic", "4xx-or-closed"),
        ("truncated headers", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", "4xx-or-closed"),
        ("no version", b"GET /\r\n\r\n", "4xx-or-closed"),
        ("HTTP/9.9", b"GET / HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n", "4xx-or-closed"),
        ("binary junk", bytes(range(256)) * 4, "4xx-or-closed"),
        ("empty lines only", b"\r\n\r\n\r\n", "4xx-or-closed"),
        ("header without colon", b"GET / HTTP/1.1\r\nHost x\r\n\r\n", "4xx-or-closed"),
        ("bad percent encoding", get("/api/probe?db=%zz&position=%"), "4xx"),
        ("chunked body cut", b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
         b"ffff\r\nabc", "4xx-or-closed"),
    ]
    return out


def exchange(port, request, read=True):
    """Sends `request` and reads the answer until the server closes. A
    request given as bytes is one that never ends (truncated or not HTTP):
    the writing side is closed after it, as a client that gives up does
    (the server then answers 400, or closes without answering). Returns
    (status, or None when closed without an answer; body)."""
    truncated = isinstance(request, bytes)
    data = request if truncated else request.encode("utf-8", "surrogateescape")
    with socket.create_connection(("127.0.0.1", port), timeout=15) as s:
        try:
            s.sendall(data)
            if truncated:
                s.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may refuse before reading everything
        if not read:
            return None, b""
        answer = read_all(s)
    if not answer.startswith(b"HTTP/1."):
        return None, answer
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


def still_answers(port, request=GOOD):
    status, body = exchange(port, request)
    return status == 200 and json.loads(body)["ok"]


def check_answer(name, expect, status, body):
    """The problem with an answer, or None."""
    if b"root:" in body or b"[core]" in body or b"cmake_minimum_required" in body:
        return f"{name}: the answer holds a file from disk"
    if status is None:
        return None if expect == "4xx-or-closed" else f"{name}: closed without an answer"
    if not 400 <= status < 500:
        return f"{name}: HTTP {status}, not 4xx"
    if body:
        try:
            envelope = json.loads(body)
        except ValueError:
            return f"{name}: the {status} answer is not JSON: {body[:80]!r}"
        if envelope.get("ok") is not False or "error" not in envelope:
            return f"{name}: the {status} answer is not an error envelope"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    server = Server(args.retro, solve_all(args.retro, args.work))
    failures = []
    all_cases = cases()
    try:
        for name, request, expect in all_cases:
            status, body = exchange(server.port, request)
            problem = check_answer(name, expect, status, body)
            if problem:
                failures.append(problem)
            if not still_answers(server.port):
                failures.append(f"after {name}: the server no longer answers")
                break
        # Blank lines before the request line are skipped (RFC 9112), also
        # when they arrive with the request.
        if not still_answers(server.port, "\r\n\r\n" + GOOD):
            failures.append("blank lines before a request: not answered 200")
        # Clients that leave at once, before reading their (long) answers.
        series = "/api/series?" + q(db="oware-6", position="1 1 1 1 1 1 | 0 0 0 0 0 0",
                                    parameter="plies_left", **{"from": 0, "to": 40})
        for _ in range(20):
            for path in [series, "/api/stats?db=surakarta-3", "/explore.js"]:
                exchange(server.port, get(path), read=False)
        if not still_answers(server.port):
            failures.append("after clients left mid-answer: the server no longer answers")
    finally:
        status = server.stop()
    if status != 0:
        failures.append(f"retro explore exited {status} on SIGINT, not 0")
    for failure in failures:
        print("FAIL:", failure)
    print(f"explore malformed requests: {len(all_cases)} cases, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
