# The Python side of the cross-language benchmark (Benchmarks/cross-language runs it, in a venv with
# lxml from PyPI): lxml.etree parsing into a tree, then dataclasses built from it; encoding builds
# an lxml tree from the dataclasses and serialises it. The commands, the output lines and the
# checksum are those of the Swift program (Benchmarks/Sources/cross-language/main.swift):
#
#   python crosslang.py run lxml KIND FILE WARMUP REPS   ->  `decode BEST_NS CHECKSUM`, `encode BEST_NS BYTES`
#   python crosslang.py wf DIR                           ->  `accepted NAME` / `refused NAME` per DIR/*.xml

import os
import sys
import time
from dataclasses import dataclass, field
from typing import List, Optional

from lxml import etree

MASK = (1 << 64) - 1


@dataclass
class Book:
    name: str
    author: str
    publisher: str
    category: str
    description: str


@dataclass
class Catalog:
    books: List[Book]


@dataclass
class Tag:
    k: str
    v: str


@dataclass
class Node:
    id: int
    lat: float
    lon: float
    version: int
    user: str
    visible: bool
    tags: List[Tag]


@dataclass
class OSM:
    version: str
    generator: str
    nodes: List[Node]


@dataclass
class Formula:
    text: Optional[str] = None
    t: Optional[str] = None
    ref: Optional[str] = None
    si: Optional[int] = None


@dataclass
class Cell:
    r: Optional[str] = None
    s: Optional[int] = None
    t: Optional[str] = None
    f: Optional[Formula] = None
    v: Optional[str] = None
    has_is: bool = False  # whether the cell has <is>
    inline: Optional[str] = None  # the text of <is><t>, if any


@dataclass
class Row:
    r: Optional[int] = None
    spans: Optional[str] = None
    ht: Optional[float] = None
    custom_height: Optional[str] = None
    s: Optional[int] = None
    custom_format: Optional[str] = None
    cells: List[Cell] = field(default_factory=list)


@dataclass
class Worksheet:
    dimension: Optional[str]
    rows: List[Row]


def text_of(element, tag):
    child = element.find(tag)
    if child is None:
        raise ValueError("missing <%s>" % tag)
    return child.text or ""


def parse_bool(text):
    if text in ("true", "1"):
        return True
    if text in ("false", "0"):
        return False
    raise ValueError("not a boolean: %r" % text)


def opt_int(text):
    return None if text is None else int(text)


def decode_books(data):
    root = etree.fromstring(data)
    books = []
    for b in root.iterchildren("book"):
        name = b.get("name")
        if name is None:
            raise ValueError("missing name")
        books.append(Book(name, text_of(b, "author"), text_of(b, "publisher"), text_of(b, "category"), text_of(b, "description")))
    return Catalog(books)


def decode_osm(data):
    root = etree.fromstring(data)
    nodes = []
    for n in root.iterchildren("node"):
        a = n.attrib
        tags = [Tag(t.attrib["k"], t.attrib["v"]) for t in n.iterchildren("tag")]
        nodes.append(Node(int(a["id"]), float(a["lat"]), float(a["lon"]), int(a["version"]), a["user"], parse_bool(a["visible"]), tags))
    return OSM(root.attrib["version"], root.attrib["generator"], nodes)


def decode_sheet(data):
    root = etree.fromstring(data)
    ns = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    c_tag, f_tag, v_tag, is_tag, t_tag = ns + "c", ns + "f", ns + "v", ns + "is", ns + "t"
    dimension_element = root.find(ns + "dimension")
    dimension = None if dimension_element is None else dimension_element.get("ref")
    rows = []
    for r in root.find(ns + "sheetData").iterchildren(ns + "row"):
        a = r.attrib
        ht = a.get("ht")
        row = Row(opt_int(a.get("r")), a.get("spans"), None if ht is None else float(ht), a.get("customHeight"), opt_int(a.get("s")), a.get("customFormat"))
        cells = row.cells
        for c in r.iterchildren(c_tag):
            ca = c.attrib
            cell = Cell(ca.get("r"), opt_int(ca.get("s")), ca.get("t"))
            for child in c:
                tag = child.tag
                if tag == f_tag:
                    fa = child.attrib
                    cell.f = Formula(child.text, fa.get("t"), fa.get("ref"), opt_int(fa.get("si")))
                elif tag == v_tag:
                    cell.v = child.text or ""
                elif tag == is_tag:
                    cell.has_is = True
                    t = child.find(t_tag)
                    cell.inline = None if t is None else (t.text or "")
            cells.append(cell)
        rows.append(row)
    return Worksheet(dimension, rows)


def encode_books(catalog):
    root = etree.Element("books")
    for b in catalog.books:
        e = etree.SubElement(root, "book", name=b.name)
        etree.SubElement(e, "author").text = b.author
        etree.SubElement(e, "publisher").text = b.publisher
        etree.SubElement(e, "category").text = b.category
        etree.SubElement(e, "description").text = b.description
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def encode_osm(osm):
    root = etree.Element("osm", version=osm.version, generator=osm.generator)
    for n in osm.nodes:
        e = etree.SubElement(root, "node", id=str(n.id), lat=repr(n.lat), lon=repr(n.lon), version=str(n.version), user=n.user, visible="true" if n.visible else "false")
        for t in n.tags:
            etree.SubElement(e, "tag", k=t.k, v=t.v)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def put(attributes, name, value):
    if value is not None:
        attributes[name] = value if isinstance(value, str) else repr(value)


def encode_sheet(sheet):
    root = etree.Element("worksheet")
    if sheet.dimension is not None:
        etree.SubElement(root, "dimension", ref=sheet.dimension)
    data = etree.SubElement(root, "sheetData")
    for r in sheet.rows:
        e = etree.SubElement(data, "row")
        a = e.attrib
        put(a, "r", r.r)
        put(a, "spans", r.spans)
        put(a, "ht", r.ht)
        put(a, "customHeight", r.custom_height)
        put(a, "s", r.s)
        put(a, "customFormat", r.custom_format)
        for c in r.cells:
            ce = etree.SubElement(e, "c")
            ca = ce.attrib
            put(ca, "r", c.r)
            put(ca, "s", c.s)
            put(ca, "t", c.t)
            if c.f is not None:
                fe = etree.SubElement(ce, "f")
                put(fe.attrib, "t", c.f.t)
                put(fe.attrib, "ref", c.f.ref)
                put(fe.attrib, "si", c.f.si)
                fe.text = c.f.text
            if c.v is not None:
                etree.SubElement(ce, "v").text = c.v
            if c.has_is:
                ie = etree.SubElement(ce, "is")
                if c.inline is not None:
                    etree.SubElement(ie, "t").text = c.inline
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def n(s):
    return 0 if s is None else len(s.encode("utf-8"))


def i(v):
    return 0 if v is None else v


def checksum_books(catalog):
    total = len(catalog.books)
    for b in catalog.books:
        total += n(b.name) + n(b.author) + n(b.publisher) + n(b.category) + n(b.description)
    return total & MASK


def checksum_osm(osm):
    total = n(osm.version) + n(osm.generator)
    for node in osm.nodes:
        total += node.id + node.version + int(round(node.lat * 1e7)) + int(round(node.lon * 1e7)) + n(node.user) + (1 if node.visible else 0) + len(node.tags)
        for t in node.tags:
            total += n(t.k) + n(t.v)
    return total & MASK


def checksum_sheet(sheet):
    total = n(sheet.dimension) + len(sheet.rows)
    for r in sheet.rows:
        total += i(r.r) + n(r.spans) + i(r.s) + n(r.custom_height) + n(r.custom_format) + len(r.cells)
        if r.ht is not None:
            total += int(round(r.ht * 100))
        for c in r.cells:
            total += n(c.r) + i(c.s) + n(c.t) + n(c.v)
            if c.f is not None:
                total += 1 + n(c.f.text) + n(c.f.t) + n(c.f.ref) + i(c.f.si)
            if c.has_is:
                total += 1 + n(c.inline)
    return total & MASK


KINDS = {
    "books": (decode_books, encode_books, checksum_books),
    "osm": (decode_osm, encode_osm, checksum_osm),
    "sheet": (decode_sheet, encode_sheet, checksum_sheet),
}


def run(kind, path, warmup, reps):
    decode, encode, checksum = KINDS[kind]
    with open(path, "rb") as f:
        data = f.read()
    best = None
    model = None
    for index in range(warmup + reps):
        model = None
        start = time.perf_counter_ns()
        decoded = decode(data)
        elapsed = time.perf_counter_ns() - start
        if index >= warmup:
            best = elapsed if best is None else min(best, elapsed)
        model = decoded
    print("decode %d %d" % (best, checksum(model)))
    best = None
    output = b""
    for index in range(warmup + reps):
        start = time.perf_counter_ns()
        output = encode(model)
        elapsed = time.perf_counter_ns() - start
        if index >= warmup:
            best = elapsed if best is None else min(best, elapsed)
    print("encode %d %d" % (best, len(output)))
    path = os.environ.get("CROSSLANG_WRITE")
    if path:
        with open(path, "wb") as f:
            f.write(output)


def main(args):
    if len(args) == 6 and args[0] == "run":
        run(args[2], args[3], int(args[4]), int(args[5]))
    elif len(args) == 2 and args[0] == "wf":
        for name in sorted(x for x in os.listdir(args[1]) if x.endswith(".xml")):
            with open(os.path.join(args[1], name), "rb") as f:
                data = f.read()
            try:
                decode_books(data)
                print("accepted", name)
            except Exception:
                print("refused", name)
    else:
        sys.stderr.write("usage: crosslang.py run LIB KIND FILE WARMUP REPS | wf DIR\n")
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv[1:])
