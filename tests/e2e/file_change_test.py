"""A database file truncated or overwritten in place under a running
`retro probe` batch, and truncated under `retro explore` (docs/probing.md,
"A file changed on disk"): read into memory (the default up to 256 MiB), the
answers stay those of the file as opened; mapped
(RETRO_DATABASE_READ_LIMIT_MB=0), a truncated file gives a clean error (an
error line and exit 1 from the batch; 503 from explore), never a signal.
Exit 0 when all pass."""

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from explore_common import Server  # pylint: disable=wrong-import-position

BOARD = "0 0 0 1 0 0 | 0 0 0 0 0 1"


def environment(mapped):
    env = dict(os.environ)
    env.pop("RETRO_DATABASE_READ_LIMIT_MB", None)
    if mapped:
        env["RETRO_DATABASE_READ_LIMIT_MB"] = "0"
    return env


def change(path, how):
    """Truncates `path` to nothing, or overwrites all but its first 64 bytes."""
    if how == "truncate":
        os.truncate(path, 0)
    else:
        with open(path, "r+b") as f:
            size = f.seek(0, 2)
            f.seek(64)
            f.write(b"U" * (size - 64))


def check_batch(retro, source, work, mapped, how, failures):
    """A batch probe answers a line, the file changes, it answers another."""
    what = f"batch probe, {'mapped' if mapped else 'read'}, {how}"
    path = os.path.join(work, "batch.retro")
    shutil.copyfile(source, path)
    process = subprocess.Popen([retro, "probe", "--db", path, "--json"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment(mapped))
    process.stdin.write(BOARD + "\n")
    process.stdin.flush()
    before = json.loads(process.stdout.readline())
    change(path, how)
    try:
        process.stdin.write(BOARD + "\n" + BOARD + "\n")
        process.stdin.close()
    except BrokenPipeError:
        pass
    rest = [json.loads(line) for line in process.stdout.read().splitlines()]
    code = process.wait(timeout=60)
    if not before.get("ok"):
        failures.append(f"{what}: the first line failed: {before}")
        return
    if mapped and how == "truncate":
        # The next line's answer is the error; nothing after it.
        if code != 1 or len(rest) != 1 or rest[0].get("ok") is not False or \
                "truncated on disk" not in rest[0].get("error", ""):
            failures.append(f"{what}: exit {code}, lines {rest}; want one error line, exit 1")
    elif code != 0 or rest != [before, before]:
        # Read into memory: the answers of the file as opened.
        failures.append(f"{what}: exit {code}, lines {rest}; want the first answer twice")
    if code < 0:
        failures.append(f"{what}: killed by signal {-code}")


def request(port, path):
    """GET path: (status, parsed body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def check_explore(retro, source, work, mapped, failures):
    """Four clients probe while the file is truncated: every answer is the
    right one (200) or 503 naming the change; the server lives on."""
    what = f"explore, {'mapped' if mapped else 'read'}"
    path = os.path.join(work, "served.retro")
    shutil.copyfile(source, path)
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(environment(mapped))  # Server's process inherits it
    try:
        server = Server(retro, [path])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    probe = "/api/probe?db=served&position=" + urllib.parse.quote(BOARD)
    try:
        status, first = request(server.port, probe)
        if status != 200:
            failures.append(f"{what}: before the change: HTTP {status} {first}")
            return
        stop = threading.Event()
        seen = []

        def client():
            while not stop.is_set():
                try:
                    seen.append(request(server.port, probe))
                except (OSError, http.client.HTTPException) as error:
                    seen.append((None, repr(error)))

        clients = [threading.Thread(target=client) for _ in range(4)]
        for thread in clients:
            thread.start()
        while len(seen) < 20:
            time.sleep(0.01)
        change(path, "truncate")
        after = len(seen)
        while len(seen) < after + 40:
            time.sleep(0.01)
        stop.set()
        for thread in clients:
            thread.join()
        for status, body in seen:
            if status == 200 and body == first:
                continue
            if status == 503 and ("changed on disk" in body.get("error", "")
                                  or "truncated on disk" in body.get("error", "")):
                continue
            failures.append(f"{what}: HTTP {status} {body}")
            break
        if seen[-1][0] != 503:
            failures.append(f"{what}: the last answer after the change: {seen[-1]}")
        if not server.alive():
            failures.append(f"{what}: the server died: exit {server.process.returncode}")
    finally:
        code = server.stop()
    if code != 0:
        failures.append(f"{what}: exit {code} on SIGINT, not 0")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    source = os.path.join(args.work, "oware-5.retro")
    subprocess.run([args.retro, "solve", "--game", "oware", "--seeds", "5", "--out", source,
                    "--progress", "none"], check=True, capture_output=True, timeout=600)
    failures = []
    # A mapped file overwritten in place is not checked: its readers read
    # the new bytes as they are (docs/probing.md).
    for mapped, how in ((False, "truncate"), (False, "overwrite"), (True, "truncate")):
        check_batch(args.retro, source, args.work, mapped, how, failures)
    for mapped in (False, True):
        check_explore(args.retro, source, args.work, mapped, failures)
    for failure in failures:
        print("FAIL:", failure)
    print("file_change_test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
