#!/usr/bin/env python3
"""Whole-process timings: `xmlc check` against `xmllint --noout --stream` (libxml2's streaming reader).

Usage (from Benchmarks/):
    python3 process-timings.py [--xmlc PATH] [--runs N] [--documents DIR]

What it measures, each as the minimum wall-clock time of N runs (default 10) after two warm-up runs,
every run a fresh process, alternating the two commands so that a change in the machine's load hits
both alike:
  - start-up: both tools on a one-element document (`<a/>`);
  - books 50k and osm 50k, the generated benchmark documents (written with `workloads --write`
    into --documents, default a temporary folder, unless already there).
It prints one Markdown table: times in milliseconds, xmllint's time divided by xmlc's, and each
tool's peak resident memory (the largest of three runs under `/usr/bin/time -f %M`).

--xmlc defaults to ../.build/release/xmlc (build it first: `swift build -c release --product xmlc`
in the package's folder; or pass a build made with `--static-swift-stdlib`). xmllint comes from
Debian's libxml2-utils. The documents need `swift build -c release` in this folder first (for
`workloads`).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_once(command):
    """Wall-clock seconds of one run of `command`, which must succeed."""
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} exited with {result.returncode}: {result.stderr.decode(errors='replace').strip()}")
    return elapsed


def peak_rss(command):
    """Peak resident memory (KiB) of one run, as `/usr/bin/time -f %M` reports it. (A child's own
    `ru_maxrss` would count this Python process's memory, which the child has until its exec.)"""
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return int(result.stderr.decode().strip().splitlines()[-1])


def measure(commands, runs):
    """Minimum time and maximum peak RSS per command, the commands run in turn."""
    for command in commands:
        for _ in range(2):
            run_once(command)
    best = [float("inf")] * len(commands)
    for _ in range(runs):
        for index, command in enumerate(commands):
            best[index] = min(best[index], run_once(command))
    peak = [max(peak_rss(command) for _ in range(3)) for command in commands]
    return best, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xmlc", default=os.path.join(HERE, "..", ".build", "release", "xmlc"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--documents")
    arguments = parser.parse_args()
    if arguments.runs < 5:
        sys.exit("--runs must be at least 5")
    xmlc = os.path.abspath(arguments.xmlc)
    if not os.access(xmlc, os.X_OK):
        sys.exit(f"no xmlc at {xmlc}: build it with `swift build -c release --product xmlc`")

    folder = arguments.documents or tempfile.mkdtemp(prefix="xmlc-timings-")
    os.makedirs(folder, exist_ok=True)
    names = ["books-50k.xml", "osm-50k.xml"]
    if not all(os.path.exists(os.path.join(folder, name)) for name in names):
        workloads = os.path.join(HERE, ".build", "release", "workloads")
        if not os.access(workloads, os.X_OK):
            sys.exit("no workloads tool: run `swift build -c release` in Benchmarks/ first")
        subprocess.run([workloads, "--write", folder], check=True, stdout=subprocess.DEVNULL)
    one = os.path.join(folder, "one-element.xml")
    with open(one, "w") as handle:
        handle.write("<a/>\n")

    rows = [("one element (start-up)", one)] + [(name.replace(".xml", "").replace("-", " "), os.path.join(folder, name)) for name in names]
    print(f"xmlc: {xmlc}; {arguments.runs} runs each (min), after 2 warm-up runs\n")
    print("| Document | Size | `xmlc check` | `xmllint --noout --stream` | xmllint ÷ xmlc | xmlc peak RSS | xmllint peak RSS |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, path in rows:
        xmllint = ["xmllint", "--noout", path] if path == one else ["xmllint", "--noout", "--stream", path]
        (xmlc_time, xmllint_time), (xmlc_rss, xmllint_rss) = measure([[xmlc, "check", path], xmllint], arguments.runs)
        size = os.path.getsize(path)
        print(
            f"| {label} | {size / 1e6:.2f} MB | {xmlc_time * 1e3:.1f} ms | {xmllint_time * 1e3:.1f} ms | "
            f"{xmllint_time / xmlc_time:.2f}× | {xmlc_rss / 1024:.1f} MB | {xmllint_rss / 1024:.1f} MB |")
    print("\n(For the one-element document xmllint runs without --stream. MB = KiB ÷ 1024.)")


if __name__ == "__main__":
    main()
