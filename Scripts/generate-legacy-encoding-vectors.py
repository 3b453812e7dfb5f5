#!/usr/bin/env python3
"""Generates Tests/XMLCodableReaderTests/Reader/LegacyEncodingVectors.swift, the byte vectors of LegacyEncodingTests.

The documents are encoded with Python's own `codecs` module, an implementation independent of the
WHATWG index files the library's decoding tables are generated from. Every vector is then checked
against a small decoder written here from the WHATWG Encoding Standard's algorithms (fatal mode),
fed by the standard's index files: where Python and the standard disagree, the standard is the
behaviour under test, so the script refuses to emit a vector that depends on a disagreement. It
also prints, for the record, every single-byte value where the two disagree.

Regenerate (from the package root; the WHATWG data is the directory of index files and
encodings.json from https://github.com/whatwg/encoding, by default ../shared/whatwg-encoding),
then let swift-format lay the output out as the project's style wants:

    python3 Scripts/generate-legacy-encoding-vectors.py [WHATWG-DATA-DIR]
    swift format --in-place Tests/XMLCodableReaderTests/Reader/LegacyEncodingVectors.swift

Check that the committed file is what the script writes (generated and laid out by swift format
in a temporary folder, then compared; exits 1 when they differ or the WHATWG data is missing):

    python3 Scripts/generate-legacy-encoding-vectors.py --check [WHATWG-DATA-DIR]
"""

import codecs
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECK = "--check" in sys.argv[1:]
_ARGUMENTS = [a for a in sys.argv[1:] if a != "--check"]
WHATWG = _ARGUMENTS[0] if _ARGUMENTS else os.path.join(ROOT, "..", "shared", "whatwg-encoding")
COMMITTED = os.path.join(ROOT, "Tests", "XMLCodableReaderTests", "Reader", "LegacyEncodingVectors.swift")
# With --check, the file is written to a temporary folder and compared with the committed one.
_CHECK_FOLDER = tempfile.mkdtemp(prefix="legacy-vectors-") if CHECK else None
OUT = os.path.join(_CHECK_FOLDER, "LegacyEncodingVectors.swift") if CHECK else COMMITTED


# MARK: - The WHATWG decoders (fatal mode), written from the standard

def load_index(name):
    table = {}
    with open(os.path.join(WHATWG, f"index-{name}.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            pointer, code = line.split("\t")[:2]
            table[int(pointer)] = int(code, 16)
    return table


class DecodeError(Exception):
    def __init__(self, offset):
        super().__init__(f"error at byte {offset}")
        self.offset = offset


def single_byte(name):
    index = load_index(name)

    def decode(data):
        out = []
        for i, b in enumerate(data):
            if b < 0x80:
                out.append(chr(b))
            elif b - 0x80 in index:
                out.append(chr(index[b - 0x80]))
            else:
                raise DecodeError(i)
        return "".join(out)

    return decode


def decode_gb18030(data):
    index = load_index("gb18030")
    ranges = sorted(load_index("gb18030-ranges").items())

    def ranges_code_point(pointer):
        if (39419 < pointer < 189000) or pointer > 1237575:
            return None
        if pointer == 7457:
            return 0xE7C7
        offset, code = 0, 0
        for p, c in ranges:
            if p <= pointer:
                offset, code = p, c
            else:
                break
        return code + pointer - offset

    out, i, n = [], 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if b == 0x80:
            out.append("\u20ac")
            i += 1
            continue
        if b == 0xFF:
            raise DecodeError(i)
        # b is a first byte 0x81-0xFE
        if i + 1 >= n:
            raise DecodeError(i)
        b2 = data[i + 1]
        if 0x30 <= b2 <= 0x39:
            if i + 2 >= n or not (0x81 <= data[i + 2] <= 0xFE):
                raise DecodeError(i)
            if i + 3 >= n or not (0x30 <= data[i + 3] <= 0x39):
                raise DecodeError(i)
            pointer = (((b - 0x81) * 10 + b2 - 0x30) * 126 + data[i + 2] - 0x81) * 10 + data[i + 3] - 0x30
            cp = ranges_code_point(pointer)
            if cp is None:
                raise DecodeError(i)
            out.append(chr(cp))
            i += 4
            continue
        if (0x40 <= b2 <= 0x7E) or (0x80 <= b2 <= 0xFE):
            pointer = (b - 0x81) * 190 + b2 - (0x40 if b2 < 0x7F else 0x41)
            if pointer in index:
                out.append(chr(index[pointer]))
                i += 2
                continue
        raise DecodeError(i)
    return "".join(out)


def decode_big5(data):
    index = load_index("big5")
    special = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304", 1166: "\u00ea\u030c"}
    out, i, n = [], 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if not (0x81 <= b <= 0xFE) or i + 1 >= n:
            raise DecodeError(i)
        t = data[i + 1]
        if (0x40 <= t <= 0x7E) or (0xA1 <= t <= 0xFE):
            pointer = (b - 0x81) * 157 + t - (0x40 if t < 0x7F else 0x62)
            if pointer in special:
                out.append(special[pointer])
                i += 2
                continue
            if pointer in index:
                out.append(chr(index[pointer]))
                i += 2
                continue
        raise DecodeError(i)
    return "".join(out)


def decode_euc_kr(data):
    index = load_index("euc-kr")
    out, i, n = [], 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if not (0x81 <= b <= 0xFE) or i + 1 >= n:
            raise DecodeError(i)
        t = data[i + 1]
        pointer = (b - 0x81) * 190 + t - 0x41
        if 0x41 <= t <= 0xFE and pointer in index:
            out.append(chr(index[pointer]))
            i += 2
            continue
        raise DecodeError(i)
    return "".join(out)


def decode_euc_jp(data):
    jis0208, jis0212 = load_index("jis0208"), load_index("jis0212")
    out, i, n = [], 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if b == 0x8E:
            if i + 1 < n and 0xA1 <= data[i + 1] <= 0xDF:
                out.append(chr(0xFF61 - 0xA1 + data[i + 1]))
                i += 2
                continue
            raise DecodeError(i)
        if b == 0x8F:
            if i + 2 < n and 0xA1 <= data[i + 1] <= 0xFE and 0xA1 <= data[i + 2] <= 0xFE:
                pointer = (data[i + 1] - 0xA1) * 94 + data[i + 2] - 0xA1
                if pointer in jis0212:
                    out.append(chr(jis0212[pointer]))
                    i += 3
                    continue
            raise DecodeError(i)
        if 0xA1 <= b <= 0xFE and i + 1 < n and 0xA1 <= data[i + 1] <= 0xFE:
            pointer = (b - 0xA1) * 94 + data[i + 1] - 0xA1
            if pointer in jis0208:
                out.append(chr(jis0208[pointer]))
                i += 2
                continue
        raise DecodeError(i)
    return "".join(out)


def decode_shift_jis(data):
    jis0208 = load_index("jis0208")
    out, i, n = [], 0, len(data)
    while i < n:
        b = data[i]
        if b <= 0x80:
            out.append(chr(b))
            i += 1
            continue
        if 0xA1 <= b <= 0xDF:
            out.append(chr(0xFF61 - 0xA1 + b))
            i += 1
            continue
        if not ((0x81 <= b <= 0x9F) or (0xE0 <= b <= 0xFC)) or i + 1 >= n:
            raise DecodeError(i)
        t = data[i + 1]
        lead_offset = 0x81 if b < 0xA0 else 0xC1
        if (0x40 <= t <= 0x7E) or (0x80 <= t <= 0xFC):
            pointer = (b - lead_offset) * 188 + t - (0x40 if t < 0x7F else 0x41)
            if 8836 <= pointer <= 10715:
                out.append(chr(0xE000 - 8836 + pointer))
                i += 2
                continue
            if pointer in jis0208:
                out.append(chr(jis0208[pointer]))
                i += 2
                continue
        raise DecodeError(i)
    return "".join(out)


def decode_iso_2022_jp(data):
    """Fatal mode: the error's offset is the first byte of the sequence that failed (the escape
    sequence's ESC, a two-byte character's first byte)."""
    jis0208 = load_index("jis0208")
    out, i, n = [], 0, len(data)
    state = "ascii"
    output_flag = False
    while i < n:
        b = data[i]
        if b == 0x1B:
            if i + 2 < n and (data[i + 1], data[i + 2]) in {(0x28, 0x42), (0x28, 0x4A), (0x28, 0x49), (0x24, 0x40), (0x24, 0x42)}:
                if output_flag:
                    raise DecodeError(i)
                state = {(0x28, 0x42): "ascii", (0x28, 0x4A): "roman", (0x28, 0x49): "katakana", (0x24, 0x40): "lead", (0x24, 0x42): "lead"}[
                    (data[i + 1], data[i + 2])]
                output_flag = True
                i += 3
                continue
            raise DecodeError(i)
        output_flag = False
        if state in ("ascii", "roman"):
            if b > 0x7F or b in (0x0E, 0x0F):
                raise DecodeError(i)
            out.append("\u00a5" if state == "roman" and b == 0x5C else "\u203e" if state == "roman" and b == 0x7E else chr(b))
            i += 1
        elif state == "katakana":
            if not 0x21 <= b <= 0x5F:
                raise DecodeError(i)
            out.append(chr(0xFF61 - 0x21 + b))
            i += 1
        else:
            if not 0x21 <= b <= 0x7E or i + 1 >= n or not 0x21 <= data[i + 1] <= 0x7E:
                raise DecodeError(i)
            pointer = (b - 0x21) * 94 + data[i + 1] - 0x21
            if pointer not in jis0208:
                raise DecodeError(i)
            out.append(chr(jis0208[pointer]))
            i += 2
    return "".join(out)


# MARK: - The encodings and their samples

# name: (label, Python codec, WHATWG decoder or None, attribute text, title text, element name, element text)
# The element name is a non-ASCII XML name where the encoding has letters beyond ASCII.
MULTI_BYTE = [
    ("Shift_JIS", "Shift_JIS", "cp932", decode_shift_jis,
     "ｶﾀｶﾅ①∑", "ひらがな・カタカナ・漢字 ﾊﾝｶｸ ①② ∑ 瑤", "名前ｱ", "東京 ﾃｽﾄ"),
    ("EUC-JP", "EUC-JP", "euc_jp", decode_euc_jp,
     "漢字ｶﾅ丂", "ひらがな カタカナ 丂丄 ﾊﾝｶｸ", "丂名前", "東京"),
    ("ISO-2022-JP", "ISO-2022-JP", "iso2022_jp_ext", decode_iso_2022_jp,
     "漢字ｶﾅ", "ひらがな ¥100 ‾ ｶﾀｶﾅ 漢字", "名前", "東京"),
    ("EUC-KR", "EUC-KR", "cp949", decode_euc_kr,
     "한국어 똠", "안녕하세요 똠방각하 漢字", "이름똠", "서울"),
    ("Big5", "Big5", "big5hkscs", decode_big5,
     "中文", "繁體中文 {hkscs}", "名字", "臺北"),
    ("GBK", "GBK", "gbk", decode_gb18030,
     "中文", "简体中文 丂亐", "名字", "北京"),
    ("GB2312", "GB2312", "gbk", decode_gb18030,
     "中文", "简体中文", "名字", "北京"),
    ("gb18030", "gb18030", "gb18030", decode_gb18030,
     "中文\u0080", "简体中文 é \u0080 😀 Ș", "名字Ș", "北京😀"),
]

SINGLE_BYTE = [
    # name, label, Python codec, WHATWG index (None: no WHATWG index), attribute, title, element name, element text
    ("KOI8-R", "KOI8-R", "koi8_r", "koi8-r", "Привет", "Съешь же ещё этих мягких булок", "имя", "Ёжик"),
    ("KOI8-U", "KOI8-U", "koi8_u", "koi8-u", "Ґанок", "Їжак і єнот ґудзик", "ім'я".replace("'", ""), "Ґ"),
    ("IBM866", "IBM866", "cp866", "ibm866", "Привет ╬", "Съешь ещё ░▒▓ №", "имя", "Ёё"),
    ("IBM855", "IBM855", "cp855", None, "Ђорђе", "Љубав њива ћирилица", "име", "Џ"),
    ("windows-1250", "windows-1250", "cp1250", "windows-1250", "Příliš", "žluťoučký kůň úpěl ďábelské ódy „€“", "kůň", "Łódź"),
    ("windows-1251", "windows-1251", "cp1251", "windows-1251", "Ђак", "Съешь же ещё этих мягких булок №", "имя", "Ўў"),
    ("windows-1252", "windows-1252", "cp1252", "windows-1252", "café", "crème brûlée € “quoted” Œuvre", "naïve", "ÿ"),
    ("windows-1253", "windows-1253", "cp1253", "windows-1253", "Ελληνικά", "Γειά σου κόσμε ΆΈΉ", "όνομα", "Ωω"),
    ("windows-1254", "windows-1254", "cp1254", "windows-1254", "İstanbul", "Ğğ Şş İı çöü", "ığdır", "Ş"),
    ("windows-1255", "windows-1255", "cp1255", "windows-1255", "שלום", "עברית ₪ אבג", "שם", "ת"),
    ("windows-1256", "windows-1256", "cp1256", "windows-1256", "مرحبا", "العربية پچژگ", "اسم", "ک"),
    ("windows-1257", "windows-1257", "cp1257", "windows-1257", "ąčęėįšųūž", "Lietuvių kalba Ąž", "vardas", "Ž"),
    ("windows-1258", "windows-1258", "cp1258", "windows-1258",
     "Vi\u00ea\u0323t", "Ti\u00ea\u0301ng Vi\u00ea\u0323t \u0110\u01b0\u01a1ng \u20ab", "t\u01b0", "\u0110"),
    ("ISO-8859-2", "ISO-8859-2", "iso8859_2", "iso-8859-2", "Łódź", "Zażółć gęślą jaźń", "żółw", "Ř"),
    ("ISO-8859-3", "ISO-8859-3", "iso8859_3", "iso-8859-3", "Ħaġar", "Ġgħ ĦħĊċ Ŝŝ Ĝĝ", "ħobż", "Ż"),
    ("ISO-8859-4", "ISO-8859-4", "iso8859_4", "iso-8859-4", "Ķīļ", "ĀāĒēĢģĪīĶķĻļŅņŌōŖŗŪū", "ŗūķ", "ĸ"),
    ("ISO-8859-5", "ISO-8859-5", "iso8859_5", "iso-8859-5", "Привет", "Съешь ещё Ђђ №", "имя", "Џ"),
    ("ISO-8859-6", "ISO-8859-6", "iso8859_6", "iso-8859-6", "مرحبا", "العربية ؟ ،", "اسم", "ي"),
    ("ISO-8859-7", "ISO-8859-7", "iso8859_7", "iso-8859-7", "Ελληνικά", "Γειά σου κόσμε ΆΈΉ €", "όνομα", "Ωω"),
    ("ISO-8859-8", "ISO-8859-8", "iso8859_8", "iso-8859-8", "שלום", "עברית אבג ×", "שם", "ת"),
    ("ISO-8859-10", "ISO-8859-10", "iso8859_10", "iso-8859-10", "Ŋŧ", "ĀĒĢĪĶĻŅŌŨŪŽĐŦĸ", "ŋŧ", "Þ"),
    ("ISO-8859-13", "ISO-8859-13", "iso8859_13", "iso-8859-13", "ąčęėįšųūž", "Lietuvių „kalba“ ’", "vardas", "Ž"),
    ("ISO-8859-14", "ISO-8859-14", "iso8859_14", "iso-8859-14", "Ŵŷ", "Ḃḃ Ḋḋ Ẁẁ Ŷŷ Ṡṡ", "ẅŵ", "Ẃ"),
    ("ISO-8859-15", "ISO-8859-15", "iso8859_15", "iso-8859-15", "€", "œuvre Ÿ € Šš Žž", "œil", "Ÿ"),
    ("ISO-8859-16", "ISO-8859-16", "iso8859_16", "iso-8859-16", "Ștefan", "Țară Șir ăâî €", "țară", "Ș"),
    ("macintosh", "macintosh", "mac_roman", "macintosh", "café", "∂∑π√∞ ñ ﬁ ﬂ", "naïve", "Ω"),
    ("x-mac-cyrillic", "x-mac-cyrillic", "mac_cyrillic", "x-mac-cyrillic", "Привет", "Съешь ещё Ђђ", "имя", "Џ"),
    ("windows-874", "windows-874", "cp874", "windows-874", "สวัสดี", "ภาษาไทย ๑๒๓ …", "ชื่อ", "ก"),
    ("TIS-620", "TIS-620", "cp874", "windows-874", "สวัสดี", "ภาษาไทย", "ชื่อ", "ก"),
]

# Labels (in odd case) that must read the document of the encoding they name. Only labels that
# are XML encoding names ([A-Za-z] ([A-Za-z0-9._] | '-')*) can be declared: "866" and
# "iso_8859-2:1987" are WHATWG labels no XML declaration can hold.
ALIASES = [
    ("Shift_JIS", ["SJIS", "x-sjis", "windows-31j", "csShiftJIS", "MS_Kanji"]),
    ("EUC-JP", ["x-euc-jp", "CSEUCPKDFMTJAPANESE"]),
    ("ISO-2022-JP", ["csiso2022jp", "iso-2022-JP"]),
    ("EUC-KR", ["ks_c_5601-1987", "Korean", "windows-949"]),
    ("Big5", ["big5-hkscs", "CN-BIG5", "x-x-big5"]),
    ("GBK", ["x-gbk", "gb_2312-80", "chinese", "GB2312"]),
    ("KOI8-R", ["KOI8", "cskoi8r", "koi"]),
    ("KOI8-U", ["koi8-ru"]),
    ("IBM866", ["cp866", "CP866", "csIBM866"]),
    ("windows-1251", ["cp1251", "X-CP1251"]),
    ("windows-1254", ["ISO-8859-9", "latin5"]),
    ("ISO-8859-2", ["latin2", "L2", "csisolatin2", "ISO_8859-2"]),
    ("ISO-8859-8", ["visual", "ISO-8859-8-I", "logical"]),
    ("macintosh", ["mac", "x-mac-roman", "csMacintosh"]),
    ("x-mac-cyrillic", ["x-mac-ukrainian"]),
    ("windows-874", ["dos-874", "ISO-8859-11", "tis-620"]),
]

WHATWG_SINGLE_BYTE = {}


def whatwg_decoder(spec_index):
    if spec_index is None:
        return None
    if callable(spec_index):
        return spec_index
    return single_byte(spec_index)


def big5_hkscs_sample():
    """Two hanzi from Big5's HKSCS part (lead 0x87-0xA0) that WHATWG's Big5 decodes and Python's big5hkscs encodes the same way."""
    index = load_index("big5")
    found = []
    for pointer in sorted(index):
        lead = pointer // 157 + 0x81
        if not 0x88 <= lead <= 0xA0:
            continue
        cp = index[pointer]
        if not 0x4E00 <= cp <= 0x9FFF:
            continue
        ch = chr(cp)
        try:
            encoded = ch.encode("big5hkscs")
        except UnicodeEncodeError:
            continue
        trail = pointer % 157
        trail += 0x40 if trail < 0x3F else 0x62
        if encoded == bytes([lead, trail]) and decode_big5(encoded) == ch:
            found.append(ch)
        if len(found) == 2:
            return "".join(found)
    raise SystemExit("no HKSCS sample found")


DOCUMENT = (
    '<?xml version="1.0" encoding="{label}"?>\n'
    '<entry label="{attr}">\n'
    "  <title>{title}</title>\n"
    "  <names><{name}>{text}</{name}><ascii>x</ascii></names>\n"
    "</entry>\n"
)


def document(label, attr, title, name, text):
    return DOCUMENT.format(label=label, attr=attr, title=title, name=name, text=text)


def encode(text, codec):
    return text.encode(codec)


def check(decoder, data, text, what):
    if decoder is None:
        return
    try:
        got = decoder(data)
    except DecodeError as e:
        raise SystemExit(f"{what}: the WHATWG decoder fails at byte {e.offset}: {data[max(0, e.offset - 8):e.offset + 8]!r}")
    if got != text:
        raise SystemExit(f"{what}: Python and WHATWG disagree: {got!r} != {text!r}")


def location(text_before):
    """Line and column (in Unicode scalars) of the character after `text_before`, as XMLReader.Location counts them."""
    lines = text_before.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return len(lines), len(lines[-1]) + 1


# MARK: - Swift output

def swift_string(s):
    out = []
    for ch in s:
        cp = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif cp < 0x20 or 0x7F <= cp <= 0x9F or unicodedata.category(ch) in ("Mn", "Mc", "Cf", "Co") or 0x0590 <= cp <= 0x08FF:
            # Controls, combining marks and right-to-left letters are spelled out, to keep the source readable.
            out.append(f"\\u{{{cp:X}}}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def swift_hex(data, indent):
    """Bytes as a hex string literal, cut into lines of 48 bytes."""
    h = data.hex()
    chunks = [h[i:i + 96] for i in range(0, len(h), 96)] or [""]
    if len(chunks) == 1:
        return f'"{chunks[0]}"'
    pad = " " * indent
    return '"""\n' + "".join(f"{pad}{c}\n" for c in chunks) + f'{pad}"""'


def main():
    if not os.path.isdir(WHATWG):
        raise SystemExit(f"no WHATWG data at {WHATWG}: pass its directory as the first argument")
    hkscs = big5_hkscs_sample()

    cases = []  # (name, label, codec, decoder, attr, title, name, text)
    for name, label, codec, decoder, attr, title, elem, text in MULTI_BYTE:
        cases.append((name, label, codec, decoder, attr, title.format(hkscs=hkscs), elem, text))
    for name, label, codec, idx, attr, title, elem, text in SINGLE_BYTE:
        cases.append((name, label, codec, whatwg_decoder(idx), attr, title, elem, text))

    # The record of where Python and WHATWG disagree on single bytes.
    disagreements = []
    for name, label, codec, idx, *_ in SINGLE_BYTE:
        if idx is None or label == "TIS-620":
            continue
        table = load_index(idx)
        for b in range(0x80, 0x100):
            try:
                py = bytes([b]).decode(codec)
            except UnicodeDecodeError:
                py = None
            wg = chr(table[b - 0x80]) if b - 0x80 in table else None
            if py != wg:
                disagreements.append(f"{name} 0x{b:02X}: Python {'U+%04X' % ord(py) if py else 'undefined'}, WHATWG {'U+%04X' % ord(wg) if wg else 'undefined'}")
    for name, codec, probes in [
        ("Shift_JIS", "cp932", [b"\x80", b"\xa0", b"\xfd", b"\xfe", b"\xff", b"\x81\x5f", b"\x81\x60", b"\xf0\x40"]),
        ("GBK", "gbk", [b"\x80", b"\xff", b"\xa2\xe3", b"\xa6\xd9", b"\xa8\xbc", b"\xfe\x51"]),
        ("gb18030", "gb18030", [b"\x80", b"\xa6\xd9", b"\xa8\xbc", b"\xfe\x51", b"\x84\x31\xa4\x39", b"\x84\x31\xa5\x30"]),
        ("Big5", "big5hkscs", [b"\x80", b"\xa1\x45", b"\xa1\xc3", b"\xa2\xcc", b"\xa2\xce", b"\xf9\xfe", b"\x88\x62", b"\xc8\x7e"]),
        ("EUC-KR", "cp949", [b"\x80", b"\xc9\xa1", b"\xfe\xa1", b"\xa2\xe6", b"\xa2\xe7"]),
        ("EUC-JP", "euc_jp", [b"\x8e\xe0", b"\xa1\xc1", b"\xa1\xdd", b"\xad\xa1", b"\x8f\xa2\xb7", b"\xf5\xa1"]),
    ]:
        decoder = {"Shift_JIS": decode_shift_jis, "GBK": decode_gb18030, "gb18030": decode_gb18030, "Big5": decode_big5,
                   "EUC-KR": decode_euc_kr, "EUC-JP": decode_euc_jp}[name]
        for probe in probes:
            try:
                py = probe.decode(codec)
            except UnicodeDecodeError:
                py = None
            try:
                wg = decoder(probe)
            except DecodeError:
                wg = None
            if py != wg:
                fmt = lambda s: "undefined" if s is None else " ".join("U+%04X" % ord(c) for c in s)
                disagreements.append(f"{name} {probe.hex(' ').upper()}: Python ({codec}) {fmt(py)}, WHATWG {fmt(wg)}")

    lines = []
    w = lines.append
    w("// Generated by Scripts/generate-legacy-encoding-vectors.py from Python's codecs, checked against the")
    w("// WHATWG Encoding Standard's index files; do not edit (regenerate: see the script).")
    w("")
    w("import Testing")
    w("")
    w("/// A document in a legacy encoding and the text it holds.")
    w("struct LegacyDocument: Sendable, CustomTestStringConvertible {")
    w("    /// The encoding's WHATWG name (or the library's, for encodings the WHATWG does not have).")
    w("    var name: String")
    w("    /// The label the document declares.")
    w("    var label: String")
    w("    /// The document's bytes, in hex.")
    w("    var hex: String")
    w("    /// What the document says: its `entry` element's attribute, title and one named element.")
    w("    var attribute: String")
    w("    var title: String")
    w("    var elementName: String")
    w("    var elementText: String")
    w("")
    w("    var testDescription: String { label }")
    w("}")
    w("")
    w("/// A document with a byte sequence its encoding does not map, and where the error must be.")
    w("struct LegacyDecodingFailure: Sendable, CustomTestStringConvertible {")
    w("    var name: String")
    w("    var label: String")
    w("    /// What is wrong.")
    w("    var problem: String")
    w("    var hex: String")
    w("    /// The byte offset of the bad sequence's first byte in the document.")
    w("    var offset: Int")
    w("    /// Line and column (in characters of the decoded text) of the first character that could not be decoded.")
    w("    var line: Int")
    w("    var column: Int")
    w("")
    w("    var testDescription: String { \"\\(label): \\(problem)\" }")
    w("}")
    w("")
    w("enum LegacyEncodingVectors {")
    w("    /// The template the documents follow (`{label}` and so on replaced), and their UTF-8 twins.")
    w(f"    static let template = {swift_string(DOCUMENT)}")
    w("")
    w("    static let documents: [LegacyDocument] = [")
    documents = {}
    for name, label, codec, decoder, attr, title, elem, text in cases:
        doc = document(label, attr, title, elem, text)
        data = encode(doc, codec)
        check(decoder, data, doc, f"{name} document")
        documents[name] = (label, codec, decoder, attr, title, elem, text, data)
        w("        LegacyDocument(")
        w(f"            name: {swift_string(name)}, label: {swift_string(label)},")
        w(f"            hex: {swift_hex(data, 12)},")
        w(f"            attribute: {swift_string(attr)}, title: {swift_string(title)},")
        w(f"            elementName: {swift_string(elem)}, elementText: {swift_string(text)}),")
    w("    ]")
    w("")
    w("    /// Other labels of the encodings above, each to read the named encoding's document (its declaration relabelled).")
    w("    static let aliases: [(name: String, label: String)] = [")
    for name, labels in ALIASES:
        for label in labels:
            w(f"        ({swift_string(name)}, {swift_string(label)}),")
    w("    ]")
    w("")

    # Failures.
    failures = []

    def failure(name, label, codec, decoder, problem, line2, bad, line3="", tail="</a>\n", bad_at_end=False):
        """A document `<?xml …?>\\n<a>LINE2\\n  LINE3<bad>TAIL` (or with the bad bytes after TAIL)."""
        head_text = f'<?xml version="1.0" encoding="{label}"?>\n<a>{line2}\n  {line3}'
        head = encode(head_text, codec)
        if codec.startswith("iso2022"):
            assert head.endswith(b"\x1b(B") or not any(c > "\x7f" for c in line3), problem
        if bad_at_end:
            data = head + encode(tail, codec) + bad
            before = head_text + tail
        else:
            data = head + bad + encode(tail, codec)
            before = head_text
        offset = len(data) - len(bad) if bad_at_end else len(head)
        if decoder is not None:
            try:
                decoder(data)
                raise SystemExit(f"{name} {problem}: the WHATWG decoder accepts it")
            except DecodeError as e:
                if e.offset != offset:
                    raise SystemExit(f"{name} {problem}: the WHATWG decoder fails at {e.offset}, not {offset}")
            check(decoder, data[:offset], before, f"{name} {problem} (the part before)")
        try:
            decoded = data.decode(codec)
            # Python accepting a sequence WHATWG refuses is a disagreement; the WHATWG behaviour is tested.
            if decoder is not None:
                disagreements.append(f"{name} {bad.hex(' ').upper()}: Python ({codec}) decodes {problem!r}, WHATWG refuses it (tested as WHATWG)")
            del decoded
        except UnicodeDecodeError:
            pass
        line, column = location(before)
        failures.append((name, label, problem, data, offset, line, column))

    samples = {
        "Shift_JIS": ("漢字ｶﾅ", "ひらがな①"),
        "EUC-JP": ("漢字ｶﾅ", "丂ひらがな"),
        "EUC-KR": ("한국어", "똠방각하"),
        "Big5": ("中文", "繁體" + hkscs),
        "GBK": ("中文", "简体丂"),
        "gb18030": ("中文😀", "简体\u0080é"),
    }
    multi_bad = {
        "Shift_JIS": [
            ("a lead byte before '<'", b"\x81", False),
            ("a lead byte and a trail byte out of range", b"\x81\xfd", False),
            ("a lead byte and 0x7F", b"\x81\x7f", False),
            ("an unassigned pair", b"\x85\x40", False),
            ("0xA0", b"\xa0", False),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\x88", True),
        ],
        "EUC-JP": [
            ("a lead byte before '<'", b"\xa4", False),
            ("0x8E and a byte that is not half-width katakana", b"\x8e\xe0", False),
            ("0x8F and an unassigned JIS X 0212 pair", b"\x8f\xa1\xa1", False),
            ("0x8F and one byte before '<'", b"\x8f\xb0", False),
            ("an unassigned JIS X 0208 pair", b"\xa9\xa1", False),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\xb0", True),
        ],
        "EUC-KR": [
            ("a lead byte before '<'", b"\xb0", False),
            ("a lead byte and a trail byte out of range", b"\x81\x40", False),
            ("an unassigned pair", b"\xc9\xa1", False),
            ("0x80", b"\x80", False),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\xb0", True),
        ],
        "Big5": [
            ("a lead byte before '<'", b"\xa4", False),
            ("a lead byte and 0x7F", b"\xa4\x7f", False),
            ("a lead byte and 0xFF", b"\xa4\xff", False),
            ("an unassigned pair", b"\xa3\xe2", False),
            ("0x80", b"\x80", False),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\xa4", True),
        ],
        "GBK": [
            ("a lead byte before '<'", b"\xb0", False),
            ("a lead byte and 0x7F", b"\x81\x7f", False),
            ("a lead byte and 0xFF", b"\x81\xff", False),
            ("a four-byte sequence cut after three bytes", b"\x81\x30\x81", False),
            ("a four-byte sequence with a bad third byte", b"\x81\x30\x20\x30", False),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\xb0", True),
        ],
        "gb18030": [
            ("a lead byte before '<'", b"\xb0", False),
            ("a lead byte and 0x7F", b"\x81\x7f", False),
            ("a four-byte sequence with no code point (between the BMP and the supplementary planes)", b"\x84\x31\xa5\x30", False),
            ("a four-byte sequence beyond U+10FFFF", b"\xe3\x32\x9a\x36", False),
            ("a four-byte sequence with a bad fourth byte", b"\x81\x30\x81\x3c", False),
            ("a four-byte sequence cut at the end of the input", b"\x81\x30\x81", True),
            ("0xFF", b"\xff", False),
            ("a lead byte at the end of the input", b"\xb0", True),
        ],
    }
    for name, bads in multi_bad.items():
        label, codec, decoder, *_ = documents[name]
        line2, line3 = samples[name]
        for problem, bad, at_end in bads:
            failure(name, label, codec, decoder, problem, line2, bad, line3, tail="</a>" if at_end else "</a>\n", bad_at_end=at_end)

    # ISO-2022-JP: built by hand around Python's encoding of the text before.
    name, label = "ISO-2022-JP", "ISO-2022-JP"
    # (problem, the text of line 3 before the bad bytes (its encoding leaves the state it ends in), bad bytes, offset of the error in them)
    iso_cases = [
        ("an unknown escape sequence", "かな", b"\x1b(X", 0),
        ("ESC followed by ESC", "かなab", b"\x1b\x1b", 0),
        ("a byte above 0x7F in ASCII", "かなab", b"\x80", 0),
        ("SO (0x0E) in ASCII", "かなab", b"\x0e", 0),
        ("a byte above 0x7F in Roman", "かな¥", b"\xa5", 0),
        ("an unassigned pair in JIS X 0208", "かな", b"\x29\x21", 0),
        ("a byte above 0x7E in JIS X 0208", "かな", b"\x30\x80", 0),
        ("a line feed in JIS X 0208", "かな", b"\x0a", 0),
        ("a byte out of range in katakana", "かなｶ", b"\x60", 0),
        ("two escape sequences in a row", "かなab", b"\x1b$B\x1b(B", 3),
    ]
    decoder = decode_iso_2022_jp
    for problem, line3, bad, at in iso_cases:
        head_text = f'<?xml version="1.0" encoding="{label}"?>\n<a>漢字ｶﾅ\n  {line3}'
        # Not final: the encoder stays in the state the text leaves it in (no ESC ( B at the end).
        head = codecs.getincrementalencoder("iso2022_jp_ext")().encode(head_text, final=False)
        data = head + bad + b"\x1b(B</a>\n"
        offset = len(head) + at
        try:
            decoder(data)
            raise SystemExit(f"{name} {problem}: the WHATWG decoder accepts it")
        except DecodeError as e:
            if e.offset != offset:
                raise SystemExit(f"{name} {problem}: the WHATWG decoder fails at {e.offset}, not {offset}")
        check(decoder, data[:len(head)], head_text, f"{name} {problem} (the part before)")
        line, column = location(head_text)
        failures.append((name, label, problem, data, offset, line, column))
    # A two-byte character cut by the end of the input.
    head_text = f'<?xml version="1.0" encoding="{label}"?>\n<a>漢字\n  かな</a>'
    data = head_text.encode("iso2022_jp_ext") + b"\x1b$B\x30"
    try:
        decoder(data)
        raise SystemExit("accepted")
    except DecodeError as e:
        assert e.offset == len(data) - 1
    line, column = location(head_text)
    failures.append((name, label, "a two-byte character cut at the end of the input", data, len(data) - 1, line, column))

    # Single-byte encodings: every byte the WHATWG index leaves undefined.
    for name, label, codec, idx, attr, title, elem, text in SINGLE_BYTE:
        if label == "TIS-620":
            continue
        if idx is None:
            table = {}
            undefined = []
            for b in range(0x80, 0x100):
                try:
                    bytes([b]).decode(codec)
                except UnicodeDecodeError:
                    undefined.append(b)
            decoder = None
        else:
            table = load_index(idx)
            undefined = [b for b in range(0x80, 0x100) if b - 0x80 not in table]
            decoder = single_byte(idx)
        for b in undefined:
            failure(name, label, codec, decoder, f"0x{b:02X}", attr, bytes([b]), text)

    w("    static let failures: [LegacyDecodingFailure] = [")
    for name, label, problem, data, offset, line, column in failures:
        w("        LegacyDecodingFailure(")
        w(f"            name: {swift_string(name)}, label: {swift_string(label)}, problem: {swift_string(problem)},")
        w(f"            hex: {swift_hex(data, 12)},")
        w(f"            offset: {offset}, line: {line}, column: {column}),")
    w("    ]")
    w("}")
    w("")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {OUT}: {len(cases)} documents, {len(failures)} failures")
    print("Where Python's codecs and the WHATWG Encoding Standard disagree (no vector depends on these):")
    for d in disagreements:
        print("  " + d)


def check_committed():
    """Generates into a temporary folder, lays the file out as the committed one is, compares."""
    try:
        main()
        # The committed file was laid out by swift format with the package's configuration.
        configuration = os.path.join(ROOT, ".swift-format")
        command = ["swift", "format", "--in-place", OUT]
        if os.path.exists(configuration):
            command[2:2] = ["--configuration", configuration]
        subprocess.run(command, check=True)
        with open(OUT, encoding="utf-8") as f:
            generated = f.read()
        with open(COMMITTED, encoding="utf-8") as f:
            committed = f.read()
        if generated != committed:
            raise SystemExit(f"{os.path.relpath(COMMITTED, ROOT)} is not what the script writes: run it and swift format (see its header)")
        print(f"{os.path.relpath(COMMITTED, ROOT)} is what the script writes")
    finally:
        shutil.rmtree(_CHECK_FOLDER, ignore_errors=True)


if __name__ == "__main__":
    check_committed() if CHECK else main()
