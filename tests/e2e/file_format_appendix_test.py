#!/usr/bin/env python3
"""docs/file-format.md's appendices stay true: Appendix A's annotated file is
what `retro solve` writes for the command it names, byte for byte (its hex
dump, and each table row that lists its bytes in full), and Appendix B's
reference reader, run as printed, accepts that file and reads its fields.

usage: file_format_appendix_test.py --retro BUILD/bin/retro
       --plugin-dir BUILD/test_plugins --doc docs/file-format.md --work SCRATCH
"""

import argparse
import os
import re
import shutil
import subprocess
import sys


def section(doc, title):
    """The text of the section headed `title`, up to the next heading."""
    start = doc.index(title)
    end = doc.find("\n## ", start + len(title))
    return doc[start:] if end < 0 else doc[start:end]


def code_blocks(text, language=""):
    return re.findall(r"```" + language + r"\n(.*?)```", text, re.S)


def hex_dump(data):
    """The dump as `xxd` prints it (16 bytes a line, 2-byte groups)."""
    lines = []
    for offset in range(0, len(data), 16):
        chunk = data[offset:offset + 16]
        groups = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        text = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{offset:08x}: {groups:<39}  {text}")
    return "\n".join(lines) + "\n"


def appendix_command(appendix):
    """The `retro solve ...` command Appendix A names."""
    return re.search(r"`(retro solve [^`]*)`", appendix).group(1)


def check_appendix_a(appendix, data):
    """Returns the problems found: the dump, then each fully listed row."""
    problems = []
    dump = hex_dump(data)
    if code_blocks(appendix)[0] != dump:
        problems.append("Appendix A's hex dump differs from the file retro writes:\n" + dump)
    command = appendix_command(appendix)
    size = int(re.search(r"(\d+)-byte file", appendix).group(1))
    if size != len(data):
        problems.append(f"Appendix A says {size} bytes; `{command}` writes {len(data)}")
    rows = 0
    for offset, listed in re.findall(r"^\| (0x[0-9a-f]+) \| `([0-9a-f ]+)` \|", appendix, re.M):
        start = int(offset, 16)
        want = bytes.fromhex(listed)
        rows += 1
        if data[start:start + len(want)] != want:
            problems.append(f"Appendix A's row {offset} lists {listed}; the file holds "
                            f"{data[start:start + len(want)].hex(' ')}")
    if rows < 10:
        problems.append(f"only {rows} rows of Appendix A's table list their bytes")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--retro", required=True)
    parser.add_argument("--plugin-dir", required=True)
    parser.add_argument("--doc", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    doc = open(args.doc, encoding="utf-8").read()
    appendix_a = section(doc, "## Appendix A.")
    appendix_b = section(doc, "## Appendix B.")

    # 1. The file of Appendix A's command, written afresh.
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    command = appendix_command(appendix_a).split()
    out = os.path.join(args.work, "tiny.retro")
    command = [args.retro] + command[1:command.index("--out")] + [
        "--out", out, "--plugin-dir", args.plugin_dir, "--no-checkpoint"]
    subprocess.run(command, check=True, capture_output=True)
    data = open(out, "rb").read()

    # 2. Appendix A against it.
    problems = check_appendix_a(appendix_a, data)

    # 3. Appendix B's reader, as printed, on it.
    reader = code_blocks(appendix_b, "python")[0]
    scope = {}
    exec(compile(reader, "docs/file-format.md (Appendix B)", "exec"), scope)
    read = scope["read_database"](data)
    if read["game"] != "countdown" or [s[0] for s in read["slices"]] != ["piles-0"]:
        problems.append(f"Appendix B's reader read {read}")
    abi_row = re.search(r"^\| 0x20 \|.*\| plugin_abi \| (\d+)", appendix_a, re.M)
    if abi_row is None or int(abi_row.group(1)) != read["plugin_abi"]:
        problems.append(f"Appendix A's plugin_abi row does not say {read['plugin_abi']}")
    try:
        scope["read_database"](data[:-1])
        problems.append("Appendix B's reader accepted a truncated file")
    except scope["Refused"]:
        pass

    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print("docs/file-format.md's appendices match the file retro writes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
