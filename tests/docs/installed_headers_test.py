#!/usr/bin/env python3
"""Every header `cmake --install` puts into include/retro/ (each *.h under
framework/include/retro/) is named where the docs list the installed
headers: docs/architecture.md's table of them by folder, and
docs/writing-a-plugin.md's section 13. A header counts as named when its
file name appears in the list, or the list names its folder with a wildcard
(`retro/format/*.h`, `retro/solver/` (the others)). Fails when either list
names nothing, so that it cannot pass by finding no list.

usage: installed_headers_test.py SOURCE_DIR
"""

import os
import re
import sys


def between(text, start, end):
    """The text from the first line holding `start` to the next `end`."""
    at = text.index(start)
    stop = text.find(end, at + len(start))
    return text[at:] if stop < 0 else text[at:stop]


def named(header, listing):
    """Whether `header` (e.g. retro/kit/layout.h) is named in `listing`: by
    its file name, by its folder's wildcard (`retro/distributed/*.h`, which
    covers subfolders but their write/; `retro/format/*/write/*.h`;
    `retro/solver/` (the others)), or by a file pattern (`*_reader.h`,
    `<family>_rules.h`, and `_module.h` after it)."""
    folder, name = os.path.split(header)
    if re.search(r"(?<![\w.])" + re.escape(name) + r"\b", listing):
        return True
    if f"`{folder}/` (the others)" in listing:
        return True
    for token in re.findall(r"`([^`\s]+\.h)`", listing):
        if token.endswith("/*.h"):
            base = token[:-len("/*.h")]
            if "*" in base:
                if re.fullmatch(re.escape(base).replace(r"\*", r"\w+"), folder):
                    return True
            elif folder == base or (folder.startswith(base + "/") and
                                    "/write" not in folder[len(base):]):
                return True
            continue
        pattern = os.path.basename(token)
        if "*" not in pattern and "<" not in pattern and not pattern.startswith("_"):
            continue
        regex = re.escape(pattern).replace(r"\*", r"\w*")
        regex = re.sub(r"<[^>]*>", r"\\w+", regex)
        if pattern.startswith("_"):
            regex = r"\w+" + regex
        if re.fullmatch(regex, name):
            return True
    return False


def main():
    source = sys.argv[1]
    root = os.path.join(source, "framework", "include")
    headers = sorted(
        os.path.relpath(os.path.join(d, f), root)
        for d, _, files in os.walk(os.path.join(root, "retro"))
        for f in files if f.endswith(".h"))
    lists = {
        "docs/architecture.md": ("The installed headers by folder:", "\n## "),
        "docs/writing-a-plugin.md": ("## 13. The installed headers", "\n## 14."),
    }
    failed = False
    for doc, (start, end) in lists.items():
        listing = between(open(os.path.join(source, doc), encoding="utf-8").read(), start, end)
        if "retro/" not in listing:
            print(f"{doc}: no list of the installed headers found")
            failed = True
            continue
        missing = [h for h in headers if not named(h, listing)]
        for h in missing:
            print(f"{doc}: the installed header {h} is not named")
        failed = failed or bool(missing)
    print(f"{len(headers)} installed headers checked against {len(lists)} lists")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
