#!/usr/bin/env python3
"""Drives the `retro explore` page in headless Chromium (selenium) on a
database of every shipped game: opens its start page, checks the shown value
and each move's value against `retro probe --json`, clicks a move and checks
the child, goes back, pastes a bad position and checks the error shown is
the one `retro probe` gives, opens the statistics page and checks it has a
chart per slice of `retro stats --json`; saves a screenshot of each game's
start page (docs/images/explore-<game>.png). Skipped (exit 77) when
chromium, chromedriver or selenium is absent; with --require, that fails
(exit 1) instead (the build passes it under -DRETRO_REQUIRE_ALL=ON, as CI).

usage: explore_page_test.py --retro BUILD/bin/retro --work SCRATCH
                            [--screenshots DIR] [--chromium PATH]
                            [--chromedriver PATH] [--require]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

from explore_common import DATABASES, Server, cli_probe, solve_all, wait_until

SKIP = 77

# A position of each game's notation that is wrong.
BAD_POSITIONS = {
    "oware": "1 2 3",
    "surakarta": "XXXXXX/XX X",
    "plakoto": "p=9 1 2",
    "tictactoe": "x.o/.x.",
}


def shown_value(family_result):
    """How the page writes a position's value, from a probe result."""
    r = family_result
    if isinstance(r.get("result"), str):
        return r["result"] if r["distance"] is None else f"{r['result']} in {r['distance']}"
    if "plies_left" in r:
        return signed(r["value"])
    key = next(k for k, v in r.items()
               if isinstance(v, (int, float)) and not isinstance(v, bool)
               and k != "no_move_probability")
    return number(r[key])


def signed(v):
    return f"+{v}" if v > 0 else str(v)


def number(v):
    """A JSON number as JavaScript's String() writes it (shortest round trip)."""
    if isinstance(v, int):
        return str(v)
    text = repr(v)
    return text[:-2] if text.endswith(".0") else text


def expected_moves(result):
    """(move, shown value) of each row the page lists, in order."""
    if isinstance(result.get("result"), str):
        return [(m["move"], m["result"] if m["distance"] is None
                 else f"{m['result']} in {m['distance']}") for m in result["moves"]]
    if "plies_left" in result:
        return [(m["move"], signed(m["value"])) for m in result["moves"]]
    rows = []
    for key, value in result.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows += [(str(next(iter(item.values()))), number(item["value"])) for item in value]
    return rows


class PageChecker:
    def __init__(self, driver, server, retro, by):
        self.driver = driver
        self.server = server
        self.retro = retro
        self.by = by
        self.failures = []

    def text(self, css):
        """The text of the first element matching `css` (None if none)."""
        elements = self.driver.find_elements(self.by.CSS_SELECTOR, css)
        return elements[0].text if elements else None

    def ready(self):
        """Whether the page has drawn what its URL names."""
        return self.driver.find_elements(self.by.CSS_SELECTOR, "#main[data-state=ready]")

    def check(self, condition, message):
        if not condition:
            self.failures.append(message)

    def wait_for_position(self, position):
        wait_until(lambda: self.ready() and self.text("#position") == position,
                   what=f"the page of position {position!r}")

    def check_shown(self, game, path, position):
        """The value and every move row against `retro probe --json`."""
        envelope = cli_probe(self.retro, path, position)
        self.check(envelope["ok"], f"{game}: retro probe failed on {position!r}")
        result = envelope["result"]
        self.check(self.text("#value") == shown_value(result),
                   f"{game} {position!r}: value shown {self.text('#value')!r}, "
                   f"retro probe gives {shown_value(result)!r}")
        rows = self.driver.find_elements(self.by.CSS_SELECTOR, "tr.move")
        shown = [(r.get_attribute("data-move"),
                  r.find_element(self.by.CSS_SELECTOR, "td.value").text) for r in rows]
        self.check(shown == expected_moves(result),
                   f"{game} {position!r}: moves shown {shown}, retro probe gives "
                   f"{expected_moves(result)}")
        return result

    def run(self, db_id, game, path, screenshots):
        driver = self.driver
        # 1. The start page.
        driver.get(f"{self.server.url}?db={db_id}")
        wait_until(lambda: self.ready() and self.text("#value"), what=f"{game}'s start page")
        start = self.text("#position")
        self.check_shown(game, path, start)
        if game == "oware":
            self.check(self.text("#series-changes"), "oware: no chart of the value")
        self.check(driver.find_elements(self.by.CSS_SELECTOR, "#board svg"),
                   f"{game}: no picture of the board")
        if screenshots:
            driver.save_screenshot(os.path.join(screenshots, f"explore-{game}.png"))
        # 2. Click the first move: the child's page.
        first = driver.find_elements(self.by.CSS_SELECTOR, "tr.move a")[0]
        child = first.find_element(self.by.XPATH, "ancestor::tr").get_attribute("data-position")
        first.click()
        self.wait_for_position(child)
        self.check("position=" in driver.current_url, f"{game}: the URL names no position")
        self.check_shown(game, path, child)
        # 3. Back to the start.
        driver.back()
        self.wait_for_position(start)
        self.check_shown(game, path, start)
        # 4. A bad position: the error of retro probe, and no navigation.
        bad = BAD_POSITIONS[game]
        expected_error = cli_probe(self.retro, path, bad)["error"]
        field = driver.find_element(self.by.ID, "position-input")
        field.clear()
        field.send_keys(bad)
        driver.find_element(self.by.ID, "position-go").click()
        wait_until(lambda: self.text("#position-error"), what=f"{game}'s error")
        self.check(self.text("#position-error") == expected_error,
                   f"{game}: error shown {self.text('#position-error')!r}, retro probe gives "
                   f"{expected_error!r}")
        self.check(self.text("#position") == start, f"{game}: a bad position left the page")
        # 5. The statistics: one chart per slice.
        stats = json.loads(subprocess.run([self.retro, "stats", "--db", path, "--json",
                                           "--progress", "none"], capture_output=True,
                                          text=True, timeout=300).stdout)["result"]
        driver.get(f"{self.server.url}?db={db_id}&view=stats")
        wait_until(lambda: self.ready() and
                   driver.find_elements(self.by.CSS_SELECTOR, "#stats-charts figure"),
                   what=f"{game}'s statistics")
        figures = driver.find_elements(self.by.CSS_SELECTOR, "#stats-charts figure")
        self.check(len(figures) == len(stats["slices"]),
                   f"{game}: {len(figures)} charts, retro stats has {len(stats['slices'])} "
                   "slices")
        if screenshots and game == "oware":
            driver.save_screenshot(os.path.join(screenshots, "explore-stats.png"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screenshots", default=None)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--require", action="store_true",
                        help="a missing browser tool fails the test instead of skipping it")
    args = parser.parse_args()
    absent = SKIP
    absent_word = "SKIPPED"
    if args.require:
        absent = 1
        absent_word = "FAILED (--require)"
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
    except ImportError:
        print(f"{absent_word}: python3-selenium is not installed "
              "(scripts/install-deps.sh installs it)")
        return absent
    for program in (args.chromium, args.chromedriver):
        if not shutil.which(program):
            print(f"{absent_word}: {program} is absent (scripts/install-deps.sh installs "
                  "chromium and chromium-driver)")
            return absent
    paths = solve_all(args.retro, args.work)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    # Run beside the files, so that the page (and its screenshots) name them
    # as a user would.
    server = Server(args.retro, [os.path.basename(p) for p in paths], cwd=args.work)
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for option in ("--headless=new", "--no-sandbox", "--disable-gpu",
                   "--disable-dev-shm-usage", "--window-size=1280,1100"):
        options.add_argument(option)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    checker = PageChecker(driver, server, args.retro, By)
    try:
        for (db_id, game, _), path in zip(DATABASES, paths):
            try:
                checker.run(db_id, game, path, args.screenshots)
            except AssertionError as e:
                checker.failures.append(f"{game}: {e}")
        logs = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        # The page asks for bad positions on purpose: those answers are 400s.
        logs = [entry for entry in logs if "status of 400" not in entry["message"]]
        checker.check(not logs, f"browser errors: {logs}")
    finally:
        driver.quit()
        status = server.stop()
    checker.check(status == 0, f"retro explore exited {status} on SIGINT, not 0")
    for failure in checker.failures:
        print("FAIL:", failure)
    print(f"explore page: {len(DATABASES)} games, {len(checker.failures)} failure(s)")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
