#!/usr/bin/env python3
"""perf-retain-share.py: where a decode's time goes, by `perf` samples: the share of reference
counting (swift_retain/swift_release and their kin), self and total, and the top symbols by self time.

Profiles one of the `instructions` tool's child runs (a new XMLDecoder per call; default: decoding
sheet 200k, 5 calls) with `perf record -e cpu-clock -g` (the software clock event: this machine's
perf has no hardware counters), reads the samples back with `perf script`, and counts, over the
samples whose call chain passes through the decode call (a frame matching --within, by default
XMLCodable's `XMLDecoder.decode`; building the workload before the calls is left out):

  self    samples whose innermost frame is a reference-counting entry point (swift_retain,
          swift_release, their _n and bridgeObject/unknownObject variants) or the runtime's
          slow paths behind them (swift::RefCounts<…>::doDecrementSlow, incrementSlow, …);
  total   samples with such a frame anywhere in the chain (adds what they call: a release's
          deallocation, `free`, destructors);
  top N   the symbols with the most samples as the innermost frame, demangled (`swift demangle
          --simplified`).

Worked example (from Benchmarks/, after `swift build -c release`):

  python3 perf-retain-share.py                                   # sheet 200k, 5 calls
  python3 perf-retain-share.py --mode decode-osm5k --calls 40    # any decode mode of `instructions`
  python3 perf-retain-share.py --data /tmp/sheet.perf --no-record   # re-read an earlier profile

prints, e.g.:

  samples: 5230 in all, 4100 within the decode call (78.4%)
  swift_retain/swift_release and kin: self 27.1%, total 31.0% of the samples within the decode call
  | self % | symbol |
  | 12.30 | swift_retain |
  …

The shares depend on the sampling (a few tenths of a percent from run to run); `perf report -i
FILE --no-children --sort sym` shows the same self figures over all samples.
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The Swift runtime's reference-counting entry points (C names, not mangled) and its C++ slow paths.
REFCOUNT = re.compile(
    r"^(swift_(nonatomic_)?(retain|release|unknownObjectRetain|unknownObjectRelease|"
    r"bridgeObjectRetain|bridgeObjectRelease)(_n)?|swift_retain_n|swift_release_n|"
    r"_swift_release_dealloc|swift_unownedRetain.*|swift_unownedRelease.*|"
    # the runtime's C++ slow paths, e.g. swift::RefCounts<…>::doDecrementSlow<…>(…)
    r"_ZN5swift9RefCounts.*)$"
)
FRAME = re.compile(r"^\s+([0-9a-fA-F]+)\s+(.*?)\s+\((.*)\)\s*$")
OFFSET = re.compile(r"\+0x[0-9a-fA-F]+$")


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def record(binary, mode, calls, data, call_graph):
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    command = ["perf", "record", "-e", "cpu-clock", "--call-graph", call_graph, "-o", data, "--",
               binary, "--child", mode, str(calls)]
    print("$ " + " ".join(command), file=sys.stderr)
    run(command, env=env, stdout=subprocess.DEVNULL)


def samples(data):
    """Yields each sample's call chain: a list of symbol names, innermost first."""
    process = subprocess.Popen(["perf", "script", "-i", data, "-F", "ip,sym", "--no-demangle"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               errors="replace")
    chain = []
    for line in process.stdout:
        if not line.strip():
            if chain:
                yield chain
            chain = []
            continue
        match = FRAME.match(line)
        if match:
            chain.append(OFFSET.sub("", match.group(2)))
        else:
            parts = line.split()
            if len(parts) >= 2 and re.fullmatch(r"[0-9a-fA-F]+", parts[0]):
                chain.append(OFFSET.sub("", parts[1]))
    if chain:
        yield chain
    process.wait()


def demangle(names):
    """Demangled, simplified names (`swift demangle`), or the names as they are without it."""
    names = list(names)
    swift = shutil.which("swift")
    if not swift or not names:
        return {name: name for name in names}
    result = subprocess.run([swift, "demangle", "--simplified", "--compact"], input="\n".join(names) + "\n",
                            capture_output=True, text=True)
    lines = result.stdout.split("\n")
    if result.returncode != 0 or len(lines) < len(names):
        return {name: name for name in names}
    demangled = dict(zip(names, lines))
    # The runtime's C++ functions (swift::RefCounts<…>::…), through c++filt when there is one.
    cxx = [name for name in names if name.startswith("_Z")]
    if cxx and shutil.which("c++filt"):
        result = subprocess.run(["c++filt"], input="\n".join(cxx) + "\n", capture_output=True, text=True)
        lines = result.stdout.split("\n")
        if result.returncode == 0 and len(lines) >= len(cxx):
            demangled.update(zip(cxx, lines))
    return demangled


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", default="decode-sheet200k", help="an `instructions` mode (default decode-sheet200k)")
    parser.add_argument("--calls", type=int, default=5, help="decode calls in the profiled run (default 5)")
    parser.add_argument("--binary", default=os.path.join(HERE, ".build", "release", "instructions"),
                        help="the instructions executable (default .build/release/instructions)")
    parser.add_argument("--data", help="the perf.data file to write or read (default: a temporary file)")
    parser.add_argument("--no-record", action="store_true", help="read --data as it is, without profiling")
    parser.add_argument("--call-graph", default="fp", help="perf's --call-graph method (default fp; dwarf is slower)")
    parser.add_argument("--within", default=r"XMLDecoder\.decode",
                        help="count only samples with a frame matching this regex (demangled; '' for all)")
    parser.add_argument("--top", type=int, default=15, help="how many symbols to list (default 15)")
    parser.add_argument("--width", type=int, default=110, help="symbol names cut to this width (default 110)")
    options = parser.parse_args()

    temporary = None
    data = options.data
    if not data:
        if options.no_record:
            parser.error("--no-record needs --data")
        temporary = tempfile.mkdtemp(prefix="perf-retain-share-")
        data = os.path.join(temporary, "perf.data")
    try:
        if not options.no_record:
            if not os.access(options.binary, os.X_OK):
                parser.error(f"{options.binary} is not built: swift build -c release --product instructions")
            record(options.binary, options.mode, options.calls, data, options.call_graph)
        chains = list(samples(data))
    finally:
        if temporary:
            shutil.rmtree(temporary, ignore_errors=True)

    names = demangle({name for chain in chains for name in chain})
    within = re.compile(options.within) if options.within else None
    chosen = [chain for chain in chains if within is None or any(within.search(names[name]) for name in chain)]
    if not chosen:
        sys.exit(f"no sample has a frame matching {options.within!r} (of {len(chains)} samples)")

    self_counts = collections.Counter(chain[0] for chain in chosen)
    refcount_self = sum(count for name, count in self_counts.items() if REFCOUNT.match(name))
    refcount_total = sum(1 for chain in chosen if any(REFCOUNT.match(name) for name in chain))
    by_entry = collections.Counter()
    for name, count in self_counts.items():
        if REFCOUNT.match(name):
            by_entry[name] += count

    def percent(count):
        return 100.0 * count / len(chosen)

    where = f"within the decode call (frames matching {options.within!r})" if within else "in all"
    print(f"samples: {len(chains)} in all, {len(chosen)} {where} ({100.0 * len(chosen) / len(chains):.1f}%)")
    print(f"swift_retain/swift_release and kin: self {percent(refcount_self):.1f}%, "
          f"total {percent(refcount_total):.1f}% of the samples {'within the decode call' if within else ''}".rstrip())
    print("  self by entry point: " + ", ".join(f"{names[name][:60]} {percent(count):.1f}%" for name, count in by_entry.most_common()))
    print()
    print("| self % | symbol |")
    print("| ---: | --- |")
    for name, count in self_counts.most_common(options.top):
        shown = names[name]
        if len(shown) > options.width:
            shown = shown[: options.width - 1] + "…"
        print(f"| {percent(count):.2f} | `{shown}` |")


if __name__ == "__main__":
    main()
