#!/usr/bin/env python3
"""The structure of the product counted against its limits.

Prints, for the product (framework/, games/, plugins/):
  - its lines, per top folder and in all;
  - the kits' optional hooks (`concept Has...` under retro/kit/), limit 25;
  - functions under framework/ longer than 150 lines (a brace-matching
    reading of the C++ sources: a function is a block opened at namespace
    or class level by a line holding a parameter list; lambdas count with
    the function around them);
  - files under retro/format/ longer than 700 lines;
  - the number of project headers each installed reader header includes
    (the compiler's -MM output), limits oware 12, Surakarta 15, Plakoto 9,
    and whether any of them, or game_module.h, reaches a solver, writer,
    distributed or host header.

Exits 1 when any count is over its limit (0 otherwise), so that it can gate
a change once the product is within them; --json prints one object.

  scripts/structure_report.py [--json] [--cxx COMPILER]
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PRODUCT = ["framework", "games", "plugins"]
SOURCES = (".h", ".cc")
HOOK_LIMIT = 25
FUNCTION_LIMIT = 150
FORMAT_FILE_LIMIT = 700
# Installed reader headers and the most project headers each may include.
READERS = {
    "plugins/oware/book.h": 12,
    "plugins/surakarta/dtc_tables.h": 15,
    "plugins/plakoto/pin_file.h": 9,
}
# What no reader may reach: the solver, a file format's writers (the
# write/ folder of each format under retro/format/), the distributed layer
# and the host.
FORBIDDEN = ("retro/solver/", "/write/", "retro/distributed/", "retro/host/")


def product_files():
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SOURCES and path.is_file():
                yield path


def count_lines():
    per_top = {top: 0 for top in PRODUCT}
    for path in product_files():
        top = path.relative_to(ROOT).parts[0]
        per_top[top] += len(path.read_text(errors="replace").splitlines())
    return per_top


def kit_hooks():
    hooks = set()
    for path in (ROOT / "framework/include/retro/kit").glob("*.h"):
        hooks.update(re.findall(r"\bconcept\s+(Has\w+)", path.read_text()))
    return sorted(hooks)


def strip_code(text):
    """The text with comments, strings and character literals blanked (line
    breaks kept), so that braces count only in code."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == '"' and text[max(0, i - 1)] == "R" and re.match(r'"[^(\s]*\(', text[i:]):
            delim = re.match(r'"([^(\s]*)\(', text[i:]).group(1)
            j = text.find(")" + delim + '"', i)
            j = n if j < 0 else j + len(delim) + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" ")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(limit):
    """(file, line, length, first line) of each function body under
    framework/ longer than `limit` lines."""
    found = []
    for path in sorted((ROOT / "framework").rglob("*")):
        if path.suffix not in SOURCES or not path.is_file():
            continue
        original = path.read_text(errors="replace").splitlines()
        code = strip_code(path.read_text(errors="replace")).splitlines()
        # Depth of the enclosing blocks; each entry says whether the block
        # is a function body (counted) or a namespace/class/other scope.
        stack = []
        header = ""  # the code since the last statement or block at scope level
        for number, line in enumerate(code, 1):
            if line.lstrip().startswith("#"):  # a preprocessor line
                continue
            for ch in line:
                if ch == "{":
                    inside_function = any(kind == "function" for kind, _ in stack)
                    is_function = (not inside_function and "(" in header and
                                   not re.search(r"\b(namespace|class|struct|enum|union)\b"
                                                 r"[^(]*$", header) and
                                   not re.search(r"\bextern\s*$", header) and
                                   not header.rstrip().endswith("="))
                    stack.append(("function" if is_function else "scope", number))
                    header = ""
                elif ch == "}":
                    if stack:
                        kind, start = stack.pop()
                        length = number - start + 1
                        if kind == "function" and length > limit:
                            found.append((str(path.relative_to(ROOT)), start, length,
                                          original[start - 1].strip()[:80]))
                    header = ""
                elif ch == ";" and not any(kind == "function" for kind, _ in stack):
                    header = ""
                else:
                    header += ch
            header += " "
    return found


def long_format_files(limit):
    found = []
    for folder in ("framework/include/retro/format", "framework/src/format"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SOURCES:
                lines = len(path.read_text(errors="replace").splitlines())
                if lines > limit:
                    found.append((str(path.relative_to(ROOT)), lines))
    return found


def include_closure(cxx, header):
    """The project headers `header` includes (None when it does not
    compile)."""
    result = subprocess.run(
        [cxx, "-std=c++20", "-MM", "-I.", "-Iframework/include", "-Iframework/host/include",
         header], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        return None
    deps = result.stdout.replace("\\\n", " ").split()[1:]
    return sorted({d for d in deps if not d.startswith("/")} - {header})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--cxx", default="c++", help="the compiler for -MM (default: c++)")
    args = parser.parse_args()

    lines = count_lines()
    hooks = kit_hooks()
    functions = long_functions(FUNCTION_LIMIT)
    formats = long_format_files(FORMAT_FILE_LIMIT)
    closures = {}
    for header, limit in list(READERS.items()) + [("framework/include/retro/game_module.h", None)]:
        deps = include_closure(args.cxx, header)
        closures[header] = {
            "limit": limit,
            "headers": None if deps is None else len(deps),
            "forbidden": [] if deps is None else [d for d in deps
                                                  if any(f in d for f in FORBIDDEN)],
        }
    over = {
        "hooks": len(hooks) > HOOK_LIMIT,
        "functions": bool(functions),
        "format_files": bool(formats),
        "closures": any(c["headers"] is None or c["forbidden"] or
                        (c["limit"] is not None and c["headers"] > c["limit"])
                        for c in closures.values()),
    }
    if args.json:
        print(json.dumps({
            "lines": lines, "product_lines": sum(lines.values()),
            "hooks": hooks, "hook_limit": HOOK_LIMIT,
            "long_functions": [{"file": f, "line": l, "lines": n} for f, l, n, _ in functions],
            "long_format_files": [{"file": f, "lines": n} for f, n in formats],
            "closures": closures, "over": over}, indent=1))
    else:
        print(f"product lines: {sum(lines.values()):,} "
              f"({', '.join(f'{top} {n:,}' for top, n in lines.items())})")
        print(f"kit hooks: {len(hooks)} (limit {HOOK_LIMIT})")
        print(f"framework functions over {FUNCTION_LIMIT} lines: {len(functions)}")
        for f, line, n, text in functions:
            print(f"  {f}:{line}  {n} lines  {text}")
        print(f"format files over {FORMAT_FILE_LIMIT} lines: {len(formats)}")
        for f, n in formats:
            print(f"  {f}  {n} lines")
        print("include closures (project headers):")
        for header, c in closures.items():
            shown = "does not compile" if c["headers"] is None else str(c["headers"])
            limit = "" if c["limit"] is None else f" (limit {c['limit']})"
            print(f"  {header}: {shown}{limit}")
            for d in c["forbidden"]:
                print(f"    reaches {d}")
        print("over a limit: " + (", ".join(k for k, v in over.items() if v) or "none"))
    return 1 if any(over.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
