#!/usr/bin/env python3
"""Load test of `retro explore`: THREADS client threads send mixed requests
(probes mostly, pictures and short series too) for SECONDS seconds to
127.0.0.1, each on its own kept-alive connection, over positions gathered by
walking each database's moves from its start, while SLOW clients each
trickle a request head one byte a second (reconnecting whenever the server
closes them). Every answer to the fast clients must be 200 with "ok": true;
a sample of probe answers is compared with `retro probe --json`. Then
SIGTERM, with the slow clients still trickling, must stop the server (exit
0) within 2 s. Prints the request count, the median and 99th-percentile
latency, and the stop time.

usage: explore_load_test.py --retro BUILD/bin/retro --work SCRATCH
                            [--seconds 20] [--threads 8] [--slow 10]
"""

import argparse
import http.client
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

from explore_common import DATABASES, Server, cli_probe, solve_all

POSITIONS_PER_DATABASE = 300


def get(connection, path):
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read()


def gather_positions(port):
    """(db id, position) pairs: each database's start and what its moves reach."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    status, body = get(connection, "/api/databases")
    assert status == 200, body
    pairs = []
    for db in json.loads(body)["result"]["databases"]:
        seen, frontier = [db["start_position"]], [db["start_position"]]
        while frontier and len(seen) < POSITIONS_PER_DATABASE:
            position = frontier.pop(0)
            query = urllib.parse.urlencode({"db": db["id"], "position": position})
            status, body = get(connection, f"/api/probe?{query}")
            assert status == 200, body
            result = json.loads(body)["result"]
            children = [m["position"] for m in result.get("moves", [])]
            children += [r["position"] for r in result.get("rolls", [])]
            for child in children:
                if child not in seen:
                    seen.append(child)
                    frontier.append(child)
        pairs += [(db["id"], p) for p in seen[:POSITIONS_PER_DATABASE]]
    connection.close()
    return pairs


def request_for(rng, db_id, position):
    """A mixed request: 80 % probes, 10 % pictures, 10 % short series."""
    roll = rng.random()
    query = {"db": db_id, "position": position}
    if roll < 0.8:
        return "probe", "/api/probe?" + urllib.parse.urlencode(query)
    if roll < 0.9 or not db_id.startswith("oware"):
        return "render", "/api/render?" + urllib.parse.urlencode(query)
    query.update({"parameter": "plies_left", "from": 0, "to": 10})
    return "series", "/api/series?" + urllib.parse.urlencode(query)


def client(port, pairs, seconds, seed, latencies, errors, samples):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        db_id, position = rng.choice(pairs)
        kind, path = request_for(rng, db_id, position)
        start = time.monotonic()
        try:
            status, body = get(connection, path)
        except (OSError, http.client.HTTPException) as e:
            errors.append(f"{path}: {e!r}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        latencies.append(time.monotonic() - start)
        envelope = json.loads(body)
        if status != 200 or not envelope.get("ok"):
            errors.append(f"{path}: {status} {body[:200]!r}")
        elif kind == "probe" and rng.random() < 0.002:
            samples.append((db_id, position, envelope["result"]))
    connection.close()


def slow_client(port, stopping, answers):
    """Trickles a head that never ends, one byte a second, reconnecting
    whenever the server closes; counts the connections the server closed."""
    head = b"GET /api/databases HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: a\r\n" * 1000
    while not stopping.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
        except OSError:
            time.sleep(0.2)
            continue
        s.settimeout(1.0)
        try:
            for byte in head:
                if stopping.is_set():
                    break
                s.sendall(bytes([byte]))
                try:
                    if not s.recv(65536):
                        answers.append(1)
                        break
                except socket.timeout:
                    pass
        except OSError:
            answers.append(1)
        finally:
            s.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--slow", type=int, default=10)
    args = parser.parse_args()
    paths = solve_all(args.retro, args.work)
    path_of = {db_id: path for (db_id, _, _), path in zip(DATABASES, paths)}
    server = Server(args.retro, paths)
    failures = []
    stopping, slow_closed = threading.Event(), []
    slow = [threading.Thread(target=slow_client, args=(server.port, stopping, slow_closed),
                             daemon=True) for _ in range(args.slow)]
    try:
        for thread in slow:
            thread.start()
        pairs = gather_positions(server.port)
        latencies, errors, samples = [], [], []
        threads = [threading.Thread(target=client, args=(server.port, pairs, args.seconds, seed,
                                                         latencies, errors, samples))
                   for seed in range(args.threads)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
        failures += errors[:20]
        # A sample of the answers against retro probe: at least one.
        if not samples:
            failures.append("no probe answer was sampled to compare with retro probe")
        for db_id, position, result in samples[:20]:
            expected = cli_probe(args.retro, path_of[db_id], position)["result"]
            if result != expected:
                failures.append(f"{db_id} {position!r}: the server's probe differs from "
                                "retro probe --json")
        if not server.alive():
            failures.append("retro explore died under load")
        latencies.sort()
        median = statistics.median(latencies) * 1000
        p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
        print(f"explore load: {args.threads} threads, {elapsed:.1f} s, {len(latencies)} "
              f"requests ({len(latencies) / elapsed:.0f}/s) over {len(pairs)} positions, "
              f"{len(errors)} errors; latency median {median:.2f} ms, "
              f"99th percentile {p99:.2f} ms; {len(samples)} answers checked against "
              f"retro probe; {args.slow} slow clients, closed {len(slow_closed)} times")
        # SIGTERM with the slow clients still trickling.
        began = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        try:
            status = server.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            status = "none within 20 s"
        took = time.monotonic() - began
        print(f"explore load: exit {status} {took:.2f} s after SIGTERM")
        if status != 0 or took > 2.0:
            failures.append(f"SIGTERM under load: exit {status} after {took:.1f} s (want 0 "
                            "within 2 s)")
    finally:
        stopping.set()
        server.stop()
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
