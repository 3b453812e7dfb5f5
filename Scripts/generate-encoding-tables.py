#!/usr/bin/env python3
"""Generates Sources/XMLCodableReader/Encodings/EncodingTables.swift.

Sources, both reproducible:
  - The WHATWG Encoding Standard's data files (https://encoding.spec.whatwg.org/,
    https://github.com/whatwg/encoding): `encodings.json` (names and labels) and the `index-*.txt`
    code-point tables. A copy is expected at ../shared/whatwg-encoding next to the repository
    (override with --whatwg DIR); its README names the upstream commit.
  - Python's `codecs` module for IBM855 (`cp855`), which is not a web encoding and has no WHATWG
    index.

Usage (from the repository's root):
    python3 Scripts/generate-encoding-tables.py [--whatwg DIR] [--output FILE]
    python3 Scripts/generate-encoding-tables.py --check   # exits 1 if the file is not what it would write
                                                          # (0, with a message, when DIR is absent)

The tables are stored compactly: each is one base64 string literal (little-endian 16-bit code
points, or 24-bit ones for Big5, whose HKSCS part reaches plane 2), unpacked once at first use by
`EncodingTables.unpack`. The labels are one literal of words too, read into a dictionary at first use
(`EncodingTables.labels`); the UTF-8 and UTF-16 labels become a `switch` each. Nothing else is
generated: the decoders that read the tables are written by hand (LegacyDecoder*.swift).
"""

import argparse
import base64
import codecs
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# WHATWG single-byte encoding name -> Swift case of `LegacyEncoding`, in the enum's order.
SINGLE_BYTE = [
    ("IBM866", "ibm866"),
    ("ISO-8859-2", "iso88592"),
    ("ISO-8859-3", "iso88593"),
    ("ISO-8859-4", "iso88594"),
    ("ISO-8859-5", "iso88595"),
    ("ISO-8859-6", "iso88596"),
    ("ISO-8859-7", "iso88597"),
    ("ISO-8859-8", "iso88598"),
    ("ISO-8859-10", "iso885910"),
    ("ISO-8859-13", "iso885913"),
    ("ISO-8859-14", "iso885914"),
    ("ISO-8859-15", "iso885915"),
    ("ISO-8859-16", "iso885916"),
    ("KOI8-R", "koi8R"),
    ("KOI8-U", "koi8U"),
    ("macintosh", "macintosh"),
    ("windows-874", "windows874"),
    ("windows-1250", "windows1250"),
    ("windows-1251", "windows1251"),
    ("windows-1252", "windows1252"),
    ("windows-1253", "windows1253"),
    ("windows-1254", "windows1254"),
    ("windows-1255", "windows1255"),
    ("windows-1256", "windows1256"),
    ("windows-1257", "windows1257"),
    ("windows-1258", "windows1258"),
    ("x-mac-cyrillic", "macCyrillic"),
    # Not a WHATWG encoding: from Python's codecs (see IBM855_LABELS).
    ("IBM855", "ibm855"),
]

MULTI_BYTE = {
    "GBK": "gbk",
    "gb18030": "gb18030",
    "Big5": "big5",
    "EUC-JP": "eucJP",
    "ISO-2022-JP": "iso2022JP",
    "Shift_JIS": "shiftJIS",
    "EUC-KR": "eucKR",
}

# Labels the WHATWG does not list, for encodings it does not cover (IBM855, from IANA's registry).
IBM855_LABELS = ["ibm855", "cp855", "855", "csibm855"]

# Labels other XML processors (libxml2 through iconv) accept that the WHATWG does not list, for the
# same encodings (each is what iconv means by it).
EXTRA_LABELS = {
    "cp932": "shiftJIS",
    "windows-932": "shiftJIS",
    "cp936": "gbk",
    "windows-936": "gbk",
    "euc-cn": "gbk",
    "cp949": "eucKR",
    "uhc": "eucKR",
    "big5hkscs": "big5",
    "cp950": "big5",
    "eucjp": "eucJP",
    "euckr": "eucKR",
    "cp20866": "koi8R",
    "cp21866": "koi8U",
    "cp874": "windows874",
    "macroman": "macintosh",
    "maccyrillic": "macCyrillic",
}

# WHATWG labels the reader treats differently from the standard, as XML processors do: the
# ISO-8859-1 labels mean ISO-8859-1 itself (bytes 0x80-0x9F are U+0080-U+009F, not windows-1252's
# letters) and the ASCII labels mean US-ASCII (bytes above 0x7F are errors). These are decided in
# InputDecoding.detect before the generated lookup is asked, and are left out of it.
SPECIAL = {
    "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "latin1", "l1",
    "iso-ir-100", "csisolatin1", "cp819", "ibm819",
    "ascii", "us-ascii", "ansi_x3.4-1968",
}


def read_index(directory, name):
    table = {}
    with open(os.path.join(directory, f"index-{name}.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            pointer, code_point = line.split("\t")[:2]
            table[int(pointer)] = int(code_point, 16)
    return table


def ibm855_high():
    out = []
    for byte in range(0x80, 0x100):
        try:
            out.append(ord(codecs.decode(bytes([byte]), "cp855")))
        except UnicodeDecodeError:
            out.append(0)
    return out


def pack(values, width):
    raw = bytearray()
    for value in values:
        if value >= 1 << (8 * width):
            raise SystemExit(f"value {value:#x} does not fit in {width} bytes")
        raw += value.to_bytes(width, "little")
    return base64.b64encode(bytes(raw)).decode("ascii")


def literal(name, text, comment):
    # 108 characters a line: with the indentation and the continuation backslash, 117 columns.
    lines = [text[i:i + 108] for i in range(0, len(text), 108)]
    body = "\\\n".join("        " + line for line in lines)
    return (
        f"    /// {comment}\n"
        f"    static let {name}: StaticString = \"\"\"\n"
        f"{body}\n"
        f"        \"\"\"\n"
    )


def wrapped_text(name, text, comment):
    """A multi-line string literal of words, wrapped at 120 columns between words."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > 120 - 8:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    body = "\n".join("        " + line for line in lines)
    return (
        f"    /// {comment}\n"
        f"    static let {name}: StaticString = \"\"\"\n"
        f"{body}\n"
        f"        \"\"\"\n"
    )


def wrapped_case(labels):
    """A `case "a", "b", …:` line, wrapped at 120 columns."""
    lines, line = [], "        case "
    for i, label in enumerate(labels):
        item = f'"{label}"' + ("," if i + 1 < len(labels) else ":")
        if len(line) + len(item) + 1 > 120 and line.strip() != "case":
            lines.append(line.rstrip())
            line = "            "
        line += item + " "
    lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--whatwg", default=os.path.join(ROOT, "..", "shared", "whatwg-encoding"))
    parser.add_argument("--output", default=os.path.join(ROOT, "Sources", "XMLCodableReader", "Encodings", "EncodingTables.swift"))
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    args = parser.parse_args()
    directory = args.whatwg
    if not os.path.exists(os.path.join(directory, "encodings.json")):
        # A check without its input has checked nothing: it fails, it never passes as skipped.
        raise SystemExit(f"the WHATWG encoding files are not at {directory} (--whatwg DIR): nothing to generate or check from")
    with open(os.path.join(directory, "encodings.json"), encoding="utf-8") as f:
        groups = json.load(f)
    names = {}
    for group in groups:
        for encoding in group["encodings"]:
            names[encoding["name"]] = encoding["labels"]

    cases = {}  # label -> Swift case
    utf8_labels, utf16_labels = [], []
    for name, labels in names.items():
        if name == "UTF-8":
            utf8_labels += labels
            continue
        if name in ("UTF-16LE", "UTF-16BE"):
            utf16_labels += labels
            continue
        # ISO-8859-8-I differs from ISO-8859-8 only in how text is laid out, not in its bytes.
        case = dict(SINGLE_BYTE).get("ISO-8859-8" if name == "ISO-8859-8-I" else name) or MULTI_BYTE.get(name)
        if case is None:
            # An encoding the reader does not read (replacement, x-user-defined): its labels
            # name no case, and the reader refuses them as it refuses any unknown label.
            continue
        for label in labels:
            if label not in SPECIAL:
                cases[label] = case
    for label in IBM855_LABELS:
        cases[label] = "ibm855"
    for label, case in EXTRA_LABELS.items():
        if label in cases:
            raise SystemExit(f"extra label {label} is already a WHATWG label")
        cases[label] = case

    # Single-byte tables: bytes 0x80-0xFF, 128 entries each, in the enum's order.
    single = []
    for name, _ in SINGLE_BYTE:
        if name == "IBM855":
            single += ibm855_high()
            continue
        index = read_index(directory, name.lower())
        single += [index.get(pointer, 0) for pointer in range(128)]

    def dense(name, count=None):
        index = read_index(directory, name)
        size = count if count is not None else max(index) + 1
        return [index.get(pointer, 0) for pointer in range(size)]

    jis0208 = dense("jis0208")
    jis0212 = dense("jis0212")
    euc_kr = dense("euc-kr")
    big5 = dense("big5")
    gb18030 = dense("gb18030")
    ranges = read_index(directory, "gb18030-ranges")
    range_values = []
    for pointer in sorted(ranges):
        range_values += [pointer, ranges[pointer]]
    for value in jis0208 + jis0212 + euc_kr + gb18030 + big5 + single:
        if value == 0:
            continue
        if 0xD800 <= value <= 0xDFFF:
            raise SystemExit("an index maps to a surrogate")

    out = []
    out.append("// Generated by Scripts/generate-encoding-tables.py -- do not edit by hand.\n")
    out.append("//\n")
    out.append("// From the WHATWG Encoding Standard's data files (https://github.com/whatwg/encoding, the copy\n")
    out.append("// described in ../shared/whatwg-encoding/README.md; CC BY 4.0, code under BSD 3-Clause) and\n")
    out.append("// Python's `codecs` module (cp855) for IBM855. To regenerate, from the repository's root:\n")
    out.append("//\n")
    out.append("//     python3 Scripts/generate-encoding-tables.py\n")
    out.append("//\n")
    out.append("// Each table is a base64 literal of little-endian code points (0 = no mapping), unpacked once,\n")
    out.append("// at first use, by `EncodingTables.unpack16`/`unpack24` (EncodingTables+Unpacking.swift).\n")
    out.append("\n")
    out.append("extension LegacyEncoding {\n")
    out.append("    /// The WHATWG labels of UTF-8.\n")
    out.append("    static func isUTF8Label(_ label: String) -> Bool {\n        switch label {\n")
    out.append(wrapped_case(sorted(utf8_labels)))
    out.append("            return true\n        default:\n            return false\n        }\n    }\n\n")
    out.append("    /// The WHATWG labels of UTF-16.\n")
    out.append("    static func isUTF16Label(_ label: String) -> Bool {\n        switch label {\n")
    out.append(wrapped_case(sorted(utf16_labels)))
    out.append("            return true\n        default:\n            return false\n        }\n    }\n}\n\n")

    out.append("extension EncodingTables {\n")
    by_case = {}
    for label, case in cases.items():
        by_case.setdefault(case, []).append(label)
    order = [c for _, c in SINGLE_BYTE] + list(MULTI_BYTE.values())
    entries = []
    for case in order:
        labels = sorted(by_case.get(case, []))
        if not labels:
            raise SystemExit(f"no labels for {case}")
        if any(";" in label or label != label.strip() or " " in label for label in labels):
            raise SystemExit(f"a label of {case} holds a space or a semicolon")
        entries.append(" ".join(labels))
    out.append(wrapped_text("labelsPacked", "; ".join(entries),
                            "The labels of each encoding, separated by spaces and line breaks, an entry "
                            "for each `LegacyEncoding` case\n    /// in the enum's order, entries separated "
                            "by `;` (read by `EncodingTables.labels`)."))
    out.append("\n")
    out.append(literal("singleBytePacked", pack(single, 2),
                       f"Bytes 0x80-0xFF of the {len(SINGLE_BYTE)} single-byte encodings, 128 code points each, in `LegacyEncoding`'s order."))
    out.append("\n")
    out.append(literal("jis0208Packed", pack(jis0208, 2), f"index jis0208: {len(jis0208)} pointers (Shift_JIS, EUC-JP, ISO-2022-JP)."))
    out.append("\n")
    out.append(literal("jis0212Packed", pack(jis0212, 2), f"index jis0212: {len(jis0212)} pointers (EUC-JP after 0x8F)."))
    out.append("\n")
    out.append(literal("eucKRPacked", pack(euc_kr, 2), f"index EUC-KR: {len(euc_kr)} pointers."))
    out.append("\n")
    out.append(literal("gb18030Packed", pack(gb18030, 2), f"index gb18030: {len(gb18030)} pointers (GBK and gb18030's two-byte sequences)."))
    out.append("\n")
    out.append(literal("gb18030RangesPacked", pack(range_values, 3),
                       f"index gb18030 ranges: {len(ranges)} (pointer, code point) pairs, 24-bit, sorted by pointer."))
    out.append("\n")
    out.append(literal("big5Packed", pack(big5, 3), f"index Big5: {len(big5)} pointers, 24-bit (HKSCS reaches plane 2)."))
    out.append("}\n")
    text = "".join(out)
    if args.check:
        with open(args.output, encoding="utf-8") as f:
            if f.read() != text:
                raise SystemExit(f"{os.path.relpath(args.output, ROOT)} is not what the script writes: run python3 Scripts/generate-encoding-tables.py")
        print(f"{os.path.relpath(args.output, ROOT)} is up to date")
        return
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(args.output, ROOT)}: {len(cases)} labels, {len(SINGLE_BYTE)} single-byte tables")


if __name__ == "__main__":
    main()
