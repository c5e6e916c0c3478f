#!/usr/bin/env python3
"""Prints a Markdown table of the latest criterion results (target/criterion).

Usage: python3 benches/table.py [GROUP_PREFIX ...] [--device "what ran it"]
Example: cargo bench --bench gpu && python3 benches/table.py gpu/ --device "lavapipe"

Each row: the bench id, the median time, and the median throughput (elements
per second: cell-updates, hashes or fields, as the bench declares).
"""
import json
import pathlib
import sys


def human_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def human_rate(per_s):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if per_s >= scale:
            return f"{per_s / scale:.3g} {unit}/s"
    return f"{per_s:.3g} /s"


def main(argv):
    device = None
    prefixes = []
    args = iter(argv)
    for a in args:
        if a == "--device":
            device = next(args, None)
        else:
            prefixes.append(a)
    root = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion"
    rows = []
    for bench in sorted(root.glob("**/new/benchmark.json")):
        meta = json.loads(bench.read_text())
        if prefixes and not any(meta["full_id"].startswith(p) for p in prefixes):
            continue
        est = json.loads((bench.parent / "estimates.json").read_text())
        median = est["median"]["point_estimate"]
        tp = meta.get("throughput") or {}
        elements = tp.get("Elements") or tp.get("Bytes")
        rate = human_rate(elements / (median / 1e9)) if elements else ""
        rows.append((meta["full_id"], human_time(median), rate))
    if device:
        print(f"Measured on: {device}\n")
    print("| bench | median | throughput |")
    print("| --- | --- | --- |")
    for r in rows:
        print(f"| `{r[0]}` | {r[1]} | {r[2]} |")
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
