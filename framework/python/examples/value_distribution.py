#!/usr/bin/env python3
"""Draws the distribution of the values of every slice of a retro database
into a PNG (docs/python.md, where its picture of an oware book is shown).

usage: value_distribution.py DATABASE OUTPUT.png [OPTION=VALUE ...]

OPTION=VALUE are the game's probe options as Python keywords, e.g.
plies_left=10 for an oware book. Win/draw/loss tables (one byte per
record) are drawn as the share of wins, draws and losses per slice; other
games' values as a heat map: per slice, the share of its records at each
value.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)
import numpy  # noqa: E402
import retro  # noqa: E402


def slice_values(db, options):
    """(name, values) of every slice holding one value per record."""
    out = []
    for entry in db.slices:
        try:
            out.append((entry["name"], db.values(entry["name"], **options)))
        except ValueError:
            pass  # a slice of another kind (a companion table)
    return out


def draw_wdl(ax, slices):
    """Stacked bars: the share of wins, draws and losses of each slice."""
    names = [name for name, _ in slices]
    shares = {"win": [], "draw": [], "loss": []}
    for _, values in slices:
        decoded = retro.decode_wdl(values)
        result = decoded["result"][decoded["position"]]
        total = max(len(result), 1)
        shares["win"].append(numpy.count_nonzero(result == 1) / total)
        shares["draw"].append(numpy.count_nonzero(result == 0) / total)
        shares["loss"].append(numpy.count_nonzero(result == -1) / total)
    left = numpy.zeros(len(names))
    for label, color in [("win", "tab:green"), ("draw", "tab:gray"), ("loss", "tab:red")]:
        ax.barh(names, shares[label], left=left, color=color, label=label)
        left += shares[label]
    ax.set_xlabel("share of the slice's positions (side to move)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))


def draw_numbers(ax, slices, figure):
    """A heat map: per slice (row), the share of its records at each value."""
    everything = numpy.concatenate([values for _, values in slices])
    low, high = float(everything.min()), float(everything.max())
    if numpy.issubdtype(everything.dtype, numpy.integer) and high - low <= 80:
        edges = numpy.arange(low - 0.5, high + 1.5)  # one bin per value
    else:
        edges = numpy.linspace(low, high if high > low else low + 1, 41)
    rows = []
    for _, values in slices:
        counts, _ = numpy.histogram(values, bins=edges)
        rows.append(counts / max(counts.sum(), 1))
    image = ax.imshow(numpy.array(rows), aspect="auto", cmap="viridis", origin="lower",
                      extent=(edges[0], edges[-1], -0.5, len(slices) - 0.5),
                      interpolation="nearest")
    ax.set_yticks(range(len(slices)), [name for name, _ in slices])
    ax.set_xlabel("value")
    figure.colorbar(image, ax=ax, label="share of the slice's records")


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.strip().split("\n\n")[1])
    options = dict(arg.split("=", 1) for arg in argv[3:])
    db = retro.open(argv[1])
    slices = slice_values(db, options)
    if not slices:
        sys.exit(f"{argv[1]}: no slice with values")
    figure, ax = plt.subplots(figsize=(8, 0.8 + 0.3 * len(slices) + 2))
    if slices[0][1].dtype == numpy.uint8:
        draw_wdl(ax, slices)
    else:
        draw_numbers(ax, slices, figure)
    shown = ", ".join(f"{k}={v}" for k, v in options.items())
    parameters = " ".join(f"{k}={v}" for k, v in db.parameters.items())
    ax.set_title(f"{db.game} ({parameters}){': ' + shown if shown else ''}", fontsize=9)
    ax.set_ylabel("slice")
    figure.tight_layout()
    figure.savefig(argv[2], dpi=100)
    print(f"wrote {argv[2]}: {len(slices)} slices")


if __name__ == "__main__":
    main(sys.argv)
