#!/usr/bin/env python3
"""Writes a book catalog in Shift_JIS (about 14 MB) and its UTF-8 twin, for timing the legacy
decoders as a whole process (Benchmarks/README.md, "Legacy encodings"):

    python3 Benchmarks/shift-jis-books.py /tmp     # /tmp/books-sjis.xml, /tmp/books-sjis-as-utf8.xml

Each book has Japanese text (kana and kanji, 12-character titles, 120-character descriptions)
in elements and an attribute; the sequence is seeded, so the files are the same on every run.
"""

import os
import random
import sys

folder = sys.argv[1] if len(sys.argv) > 1 else "."
random.seed(7)
kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん日本語文書小説東京大阪作者出版"
parts = ['<?xml version="1.0" encoding="Shift_JIS"?>\n<books>\n']
size = 0
i = 0
while size < 14_000_000:
    title = "".join(random.choice(kana) for _ in range(12))
    description = "".join(random.choice(kana) for _ in range(120))
    book = (f'  <book id="bk{i}" lang="ja">\n    <title>{title}</title>\n    <author>著者{i}</author>\n'
            f'    <price>{random.randint(100, 5000)}</price>\n    <description>{description}</description>\n  </book>\n')
    parts.append(book)
    size += len(book.encode("cp932"))
    i += 1
parts.append("</books>\n")
document = "".join(parts)
with open(os.path.join(folder, "books-sjis.xml"), "wb") as f:
    f.write(document.encode("cp932"))
with open(os.path.join(folder, "books-sjis-as-utf8.xml"), "wb") as f:
    f.write(document.replace('encoding="Shift_JIS"', 'encoding="UTF-8"').encode("utf-8"))
print(f"{i} books")
