// The Rust side of the cross-language benchmark (Benchmarks/cross-language runs it): serde +
// quick-xml 0.26 decoding and encoding the books, osm and sheet models. The commands, the output
// lines and the checksum are those of the Swift program (Benchmarks/Sources/cross-language/main.swift):
//
//   crosslang-quickxml run quickxml KIND FILE WARMUP REPS   ->  `decode BEST_NS CHECKSUM`, `encode BEST_NS BYTES`
//   crosslang-quickxml wf DIR                                ->  `accepted NAME` / `refused NAME` per DIR/*.xml
//
// quick-xml 0.26's serde mapping: a field matches an attribute or a child element of its name;
// `$value` is the element's text; on output, scalar fields become attributes and fields renamed
// `$unflatten=NAME` become `<NAME>` elements.

use serde::{Deserialize, Serialize};
use std::time::Instant;

#[derive(Deserialize, Serialize)]
#[serde(rename = "books")]
struct Catalog {
    #[serde(rename = "book", default)]
    books: Vec<Book>,
}

#[derive(Deserialize, Serialize)]
#[serde(rename = "book")]
struct Book {
    name: String,
    #[serde(rename = "$unflatten=author")]
    author: String,
    #[serde(rename = "$unflatten=publisher")]
    publisher: String,
    #[serde(rename = "$unflatten=category")]
    category: String,
    #[serde(rename = "$unflatten=description")]
    description: String,
}

#[derive(Deserialize, Serialize)]
#[serde(rename = "osm")]
struct Osm {
    version: String,
    generator: String,
    #[serde(rename = "node", default)]
    nodes: Vec<Node>,
}

#[derive(Deserialize, Serialize)]
struct Node {
    id: i64,
    lat: f64,
    lon: f64,
    version: i64,
    user: String,
    visible: bool,
    #[serde(rename = "tag", default)]
    tags: Vec<Tag>,
}

#[derive(Deserialize, Serialize)]
struct Tag {
    k: String,
    v: String,
}

#[derive(Deserialize, Serialize)]
#[serde(rename = "worksheet")]
struct Worksheet {
    dimension: Option<Dimension>,
    #[serde(rename = "sheetData")]
    sheet_data: SheetData,
}

#[derive(Deserialize, Serialize)]
struct Dimension {
    #[serde(rename = "ref")]
    reference: String,
}

#[derive(Deserialize, Serialize)]
struct SheetData {
    #[serde(rename = "row", default)]
    rows: Vec<Row>,
}

#[derive(Deserialize, Serialize)]
struct Row {
    #[serde(rename = "r", skip_serializing_if = "Option::is_none")]
    reference: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    spans: Option<String>,
    #[serde(rename = "ht", skip_serializing_if = "Option::is_none")]
    height: Option<f64>,
    #[serde(rename = "customHeight", skip_serializing_if = "Option::is_none")]
    custom_height: Option<String>,
    #[serde(rename = "s", skip_serializing_if = "Option::is_none")]
    style: Option<i64>,
    #[serde(rename = "customFormat", skip_serializing_if = "Option::is_none")]
    custom_format: Option<String>,
    #[serde(rename = "c", default)]
    cells: Vec<Cell>,
}

#[derive(Deserialize, Serialize)]
struct Cell {
    #[serde(rename = "r", skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(rename = "s", skip_serializing_if = "Option::is_none")]
    style: Option<i64>,
    #[serde(rename = "t", skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    #[serde(rename = "f", skip_serializing_if = "Option::is_none")]
    formula: Option<Formula>,
    #[serde(rename = "$unflatten=v", skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(rename = "is", skip_serializing_if = "Option::is_none")]
    inline_string: Option<InlineString>,
}

#[derive(Deserialize, Serialize)]
struct Formula {
    #[serde(rename = "$value", skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(rename = "t", skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(rename = "si", skip_serializing_if = "Option::is_none")]
    shared_index: Option<i64>,
}

#[derive(Deserialize, Serialize)]
struct InlineString {
    #[serde(rename = "$unflatten=t", skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

fn len(s: &str) -> u64 {
    s.len() as u64
}
fn olen(s: &Option<String>) -> u64 {
    s.as_deref().map_or(0, len)
}
fn oint(v: Option<i64>) -> u64 {
    v.unwrap_or(0) as u64
}
fn fixed(v: f64, scale: f64) -> u64 {
    ((v * scale).round() as i64) as u64
}

trait Checksum {
    fn checksum(&self) -> u64;
}

impl Checksum for Catalog {
    fn checksum(&self) -> u64 {
        let mut sum = self.books.len() as u64;
        for b in &self.books {
            sum = sum
                .wrapping_add(len(&b.name))
                .wrapping_add(len(&b.author))
                .wrapping_add(len(&b.publisher))
                .wrapping_add(len(&b.category))
                .wrapping_add(len(&b.description));
        }
        sum
    }
}

impl Checksum for Osm {
    fn checksum(&self) -> u64 {
        let mut sum = len(&self.version).wrapping_add(len(&self.generator));
        for n in &self.nodes {
            sum = sum
                .wrapping_add(n.id as u64)
                .wrapping_add(n.version as u64)
                .wrapping_add(fixed(n.lat, 1e7))
                .wrapping_add(fixed(n.lon, 1e7))
                .wrapping_add(len(&n.user))
                .wrapping_add(n.visible as u64)
                .wrapping_add(n.tags.len() as u64);
            for t in &n.tags {
                sum = sum.wrapping_add(len(&t.k)).wrapping_add(len(&t.v));
            }
        }
        sum
    }
}

impl Checksum for Worksheet {
    fn checksum(&self) -> u64 {
        let mut sum = self.dimension.as_ref().map_or(0, |d| len(&d.reference));
        sum = sum.wrapping_add(self.sheet_data.rows.len() as u64);
        for r in &self.sheet_data.rows {
            sum = sum
                .wrapping_add(oint(r.reference))
                .wrapping_add(olen(&r.spans))
                .wrapping_add(oint(r.style))
                .wrapping_add(olen(&r.custom_height))
                .wrapping_add(olen(&r.custom_format))
                .wrapping_add(r.cells.len() as u64);
            if let Some(h) = r.height {
                sum = sum.wrapping_add(fixed(h, 100.0));
            }
            for c in &r.cells {
                sum = sum
                    .wrapping_add(olen(&c.reference))
                    .wrapping_add(oint(c.style))
                    .wrapping_add(olen(&c.kind))
                    .wrapping_add(olen(&c.value));
                if let Some(f) = &c.formula {
                    sum = sum
                        .wrapping_add(1)
                        .wrapping_add(olen(&f.text))
                        .wrapping_add(olen(&f.kind))
                        .wrapping_add(olen(&f.reference))
                        .wrapping_add(oint(f.shared_index));
                }
                if let Some(i) = &c.inline_string {
                    sum = sum.wrapping_add(1).wrapping_add(olen(&i.text));
                }
            }
        }
        sum
    }
}

fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    quick_xml::de::from_str(text).map_err(|e| e.to_string())
}

fn run<T: for<'de> Deserialize<'de> + Serialize + Checksum>(bytes: &[u8], warmup: usize, reps: usize) {
    let mut best = u128::MAX;
    let mut model: Option<T> = None;
    for i in 0..warmup + reps {
        drop(model.take());
        let start = Instant::now();
        let decoded: T = decode(bytes).unwrap_or_else(|e| fail(&e));
        let elapsed = start.elapsed().as_nanos();
        if i >= warmup {
            best = best.min(elapsed);
        }
        model = Some(decoded);
    }
    let model = model.unwrap();
    println!("decode {} {}", best, model.checksum());
    best = u128::MAX;
    let mut last = String::new();
    for i in 0..warmup + reps {
        let start = Instant::now();
        let mut output = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        output.push_str(&quick_xml::se::to_string(&model).unwrap_or_else(|e| fail(&e.to_string())));
        let elapsed = start.elapsed().as_nanos();
        if i >= warmup {
            best = best.min(elapsed);
        }
        last = output;
    }
    println!("encode {} {}", best, last.len());
    if let Ok(path) = std::env::var("CROSSLANG_WRITE") {
        std::fs::write(path, last).unwrap_or_else(|e| fail(&e.to_string()));
    }
}

fn fail(message: &str) -> ! {
    eprintln!("crosslang-quickxml: {}", message);
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") if args.len() == 6 => {
            let bytes = std::fs::read(&args[3]).unwrap_or_else(|e| fail(&e.to_string()));
            let warmup: usize = args[4].parse().unwrap_or_else(|_| fail("WARMUP"));
            let reps: usize = args[5].parse().unwrap_or_else(|_| fail("REPS"));
            match args[2].as_str() {
                "books" => run::<Catalog>(&bytes, warmup, reps),
                "osm" => run::<Osm>(&bytes, warmup, reps),
                "sheet" => run::<Worksheet>(&bytes, warmup, reps),
                other => fail(&format!("unknown kind {}", other)),
            }
        }
        Some("wf") if args.len() == 2 => {
            let mut names: Vec<String> = std::fs::read_dir(&args[1])
                .unwrap_or_else(|e| fail(&e.to_string()))
                .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                .filter(|n| n.ends_with(".xml"))
                .collect();
            names.sort();
            for name in names {
                let bytes = std::fs::read(format!("{}/{}", args[1], name)).unwrap();
                match decode::<Catalog>(&bytes) {
                    Ok(_) => println!("accepted {}", name),
                    Err(_) => println!("refused {}", name),
                }
            }
        }
        _ => fail("usage: crosslang-quickxml run LIB KIND FILE WARMUP REPS | wf DIR"),
    }
}
