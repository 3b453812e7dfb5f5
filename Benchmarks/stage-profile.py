#!/usr/bin/env python3
"""Where a call's instructions go, per stage: callgrind on the `instructions` tool's modes.

Usage (from Benchmarks/, after `swift build -c release`; valgrind needed):
    python3 stage-profile.py [--mode decode-osm5k] [--mode decode-books5k] ...

For each mode (default: decode-osm5k and decode-books5k; any mode of `instructions` works) it runs
`.build/release/instructions --child MODE N` under `valgrind --tool=callgrind` with N = 1 and N = 3
(a new coder per call, as `instructions` itself does), and takes, for every function, (cost with
3 calls − cost with 1 call) ÷ 2: what one more call costs, without process start, the workload's
generation or one-time set-up. Each function's own instructions (exclusive, so nothing is counted
twice; callgrind attributes inlined code to the file it comes from) are then put in a stage: code
from the reader's files is reading wherever it was inlined, the rest goes by the function's name,
first match wins:

  indexing     XMLIndex and its builder (the element stream's too)
  reading      the scanner: XMLScanner, Lexer, the byte classes and vector scans, XMLReader
  key lookup   the decoder finding a key among an element's children and attributes
  scalars      numbers, booleans, dates parsed from text (ScalarParsing, strtod)
  strings      Swift strings made from the document's bytes, and text decoding (references)
  containers   the decoder's containers and values, coding paths, type traits
  runtime      Swift runtime: metadata, conformances, retain/release, object allocation
  malloc       the C allocator
  model        the model's own code (its init(from:) / encode(to:)) and everything else

The figures are instructions (deterministic whatever the machine's load), not time: a stage
whose instructions miss caches often (reading a large document) takes more time than its share.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

STAGES = [
    ("indexing", r"XMLIndex|ElementStreamDecoder"),
    ("reading", r"XMLScanner|Lexer|ByteClass|WordScan|VectorScan|skipValidNonASCII|CharacterClasses|XMLReader|StreamBoundary|LineCounter|StreamInput|NamespaceTable|AttributeNameFilter"),
    ("key lookup", r"lookUp|XMLDecoderImpl.*find|XMLKeyedDecodingContainer.*find|KeyLookup"),
    ("scalars", r"ScalarParsing|strtod|InternetDate|ISO8601|fastDouble|parseInteger|BinaryInteger|_description5radix"),
    ("strings", r"String|UTF8|utf8|_StringGuts|decodedString|plainString|decodeCharacterData|Unicode|_SmallString"),
    ("containers", r"XMLCodable|Decoding|Encoding|CodingPath|TypeTraits|KeyedDecodingContainer|KeyedEncodingContainer|UnkeyedDecoding|UnkeyedEncoding|SingleValue"),
    ("runtime", r"swift_|swift::|Metadata|metadata|conformsTo|getCache|_dl_|dl-|dl_"),
    ("malloc", r"malloc|_int_free|free\b|cfree|tcache"),
]


def exclusive_costs(path):
    output = subprocess.run(["callgrind_annotate", "--threshold=100", "--auto=no", path], capture_output=True, text=True, check=True).stdout
    costs = {}
    total = 0
    for line in output.splitlines():
        match = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S.*)$", line)
        if not match:
            continue
        value = int(match.group(1).replace(",", ""))
        name = match.group(2)
        if name.startswith("PROGRAM TOTALS"):
            total = value
            continue
        if "=>" in name or ":" not in name:
            continue
        name = name.split(" [")[0]
        costs[name] = costs.get(name, 0) + value
    return total, costs


def run(mode, calls, folder):
    out = os.path.join(folder, f"{mode}-{calls}.out")
    tool = os.path.join(HERE, ".build", "release", "instructions")
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", tool, "--child", mode, str(calls)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return exclusive_costs(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", action="append")
    arguments = parser.parse_args()
    modes = arguments.mode or ["decode-osm5k", "decode-books5k"]
    if not os.access(os.path.join(HERE, ".build", "release", "instructions"), os.X_OK):
        sys.exit("build the package first: swift build -c release")
    with tempfile.TemporaryDirectory() as folder:
        for mode in modes:
            total1, one = run(mode, 1, folder)
            total3, three = run(mode, 3, folder)
            per_call = (total3 - total1) / 2
            stages = {name: 0.0 for name, _ in STAGES}
            stages["model"] = 0.0
            for function in set(one) | set(three):
                cost = (three.get(function, 0) - one.get(function, 0)) / 2
                # "file:function": the reader's code inlined elsewhere (the index's build loop
                # reads events through the scanner inlined into it) is reading; the rest is
                # staged by the function's name.
                file, _, symbol = function.partition(":")
                if "/Reader/" in file:
                    stages["reading"] += cost
                    continue
                for name, pattern in STAGES:
                    if re.search(pattern, symbol):
                        stages[name] += cost
                        break
                else:
                    stages["model"] += cost
            print(f"\n{mode}: {per_call / 1e6:.2f} million instructions per call\n")
            print("| Stage | Millions per call | Share |")
            print("| --- | ---: | ---: |")
            for name, cost in stages.items():
                print(f"| {name} | {cost / 1e6:.2f} | {100 * cost / per_call:.1f}% |")
            unattributed = per_call - sum(stages.values())
            print(f"| (below callgrind_annotate's threshold) | {unattributed / 1e6:.2f} | {100 * unattributed / per_call:.1f}% |")


if __name__ == "__main__":
    main()
