// The Java side of the cross-language benchmark (Benchmarks/cross-language compiles and runs it):
// Jackson's XmlMapper (jackson-dataformat-xml, over Woodstox) decoding and encoding the books, osm
// and sheet models, one XmlMapper reused for every call as Jackson recommends. The commands, the
// output lines and the checksum are those of the Swift program
// (Benchmarks/Sources/cross-language/main.swift):
//
//   java CrossLanguage run jackson KIND FILE WARMUP REPS   ->  `decode BEST_NS CHECKSUM`, `encode BEST_NS BYTES`
//   java CrossLanguage wf DIR                              ->  `accepted NAME` / `refused NAME` per DIR/*.xml

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public final class CrossLanguage {
    interface Checksummed { long checksum(); }

    static long len(String s) { return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length; }
    static long num(Long v) { return v == null ? 0 : v; }
    static long fixed(double v, double scale) { return Math.round(v * scale); }

    @JacksonXmlRootElement(localName = "books")
    public static final class Catalog implements Checksummed {
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "book")
        public List<Book> books = new ArrayList<>();

        public long checksum() {
            long sum = books.size();
            for (Book b : books) sum += len(b.name) + len(b.author) + len(b.publisher) + len(b.category) + len(b.description);
            return sum;
        }
    }

    public static final class Book {
        @JacksonXmlProperty(isAttribute = true) public String name;
        public String author;
        public String publisher;
        public String category;
        public String description;
    }

    @JacksonXmlRootElement(localName = "osm")
    public static final class Osm implements Checksummed {
        @JacksonXmlProperty(isAttribute = true) public String version;
        @JacksonXmlProperty(isAttribute = true) public String generator;
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "node")
        public List<Node> nodes = new ArrayList<>();

        public long checksum() {
            long sum = len(version) + len(generator);
            for (Node n : nodes) {
                sum += n.id + n.version + fixed(n.lat, 1e7) + fixed(n.lon, 1e7) + len(n.user) + (n.visible ? 1 : 0) + n.tags.size();
                for (Tag t : n.tags) sum += len(t.k) + len(t.v);
            }
            return sum;
        }
    }

    public static final class Node {
        @JacksonXmlProperty(isAttribute = true) public long id;
        @JacksonXmlProperty(isAttribute = true) public double lat;
        @JacksonXmlProperty(isAttribute = true) public double lon;
        @JacksonXmlProperty(isAttribute = true) public long version;
        @JacksonXmlProperty(isAttribute = true) public String user;
        @JacksonXmlProperty(isAttribute = true) public boolean visible;
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "tag")
        public List<Tag> tags = new ArrayList<>();
    }

    public static final class Tag {
        @JacksonXmlProperty(isAttribute = true) public String k;
        @JacksonXmlProperty(isAttribute = true) public String v;
    }

    @JacksonXmlRootElement(localName = "worksheet")
    public static final class Worksheet implements Checksummed {
        public Dimension dimension;
        public SheetData sheetData;

        public long checksum() {
            long sum = (dimension == null ? 0 : len(dimension.ref)) + sheetData.rows.size();
            for (Row r : sheetData.rows) {
                sum += num(r.r) + len(r.spans) + num(r.s) + len(r.customHeight) + len(r.customFormat) + r.cells.size();
                if (r.ht != null) sum += fixed(r.ht, 100);
                for (Cell c : r.cells) {
                    sum += len(c.r) + num(c.s) + len(c.t) + len(c.v);
                    if (c.f != null) sum += 1 + len(c.f.text) + len(c.f.t) + len(c.f.ref) + num(c.f.si);
                    if (c.is != null) sum += 1 + len(c.is.t);
                }
            }
            return sum;
        }
    }

    public static final class Dimension {
        @JacksonXmlProperty(isAttribute = true) public String ref;
    }

    public static final class SheetData {
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "row")
        public List<Row> rows = new ArrayList<>();
    }

    public static final class Row {
        @JacksonXmlProperty(isAttribute = true) public Long r;
        @JacksonXmlProperty(isAttribute = true) public String spans;
        @JacksonXmlProperty(isAttribute = true) public Double ht;
        @JacksonXmlProperty(isAttribute = true) public String customHeight;
        @JacksonXmlProperty(isAttribute = true) public Long s;
        @JacksonXmlProperty(isAttribute = true) public String customFormat;
        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "c")
        public List<Cell> cells = new ArrayList<>();
    }

    public static final class Cell {
        @JacksonXmlProperty(isAttribute = true) public String r;
        @JacksonXmlProperty(isAttribute = true) public Long s;
        @JacksonXmlProperty(isAttribute = true) public String t;
        public Formula f;
        public String v;
        @JacksonXmlProperty(localName = "is") public InlineString is;
    }

    public static final class Formula {
        @JacksonXmlText public String text;
        @JacksonXmlProperty(isAttribute = true) public String t;
        @JacksonXmlProperty(isAttribute = true) public String ref;
        @JacksonXmlProperty(isAttribute = true) public Long si;
    }

    public static final class InlineString {
        public String t;
    }

    static final XmlMapper MAPPER = makeMapper();

    static XmlMapper makeMapper() {
        XmlMapper mapper = new XmlMapper();
        mapper.configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        mapper.setSerializationInclusion(JsonInclude.Include.NON_NULL);
        return mapper;
    }

    static <T extends Checksummed> void run(Class<T> type, byte[] data, int warmup, int reps) throws Exception {
        long best = Long.MAX_VALUE;
        T model = null;
        for (int i = 0; i < warmup + reps; i++) {
            model = null;
            long start = System.nanoTime();
            T decoded = MAPPER.readValue(data, type);
            long elapsed = System.nanoTime() - start;
            if (i >= warmup) best = Math.min(best, elapsed);
            model = decoded;
        }
        System.out.println("decode " + best + " " + Long.toUnsignedString(model.checksum()));
        best = Long.MAX_VALUE;
        byte[] last = null;
        byte[] header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < warmup + reps; i++) {
            long start = System.nanoTime();
            byte[] body = MAPPER.writeValueAsBytes(model);
            byte[] output = new byte[header.length + body.length];
            System.arraycopy(header, 0, output, 0, header.length);
            System.arraycopy(body, 0, output, header.length, body.length);
            long elapsed = System.nanoTime() - start;
            if (i >= warmup) best = Math.min(best, elapsed);
            last = output;
        }
        System.out.println("encode " + best + " " + last.length);
        String path = System.getenv("CROSSLANG_WRITE");
        if (path != null && !path.isEmpty()) Files.write(Paths.get(path), last);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 6 && args[0].equals("run")) {
            byte[] data = Files.readAllBytes(Paths.get(args[3]));
            int warmup = Integer.parseInt(args[4]);
            int reps = Integer.parseInt(args[5]);
            switch (args[2]) {
                case "books": run(Catalog.class, data, warmup, reps); break;
                case "osm": run(Osm.class, data, warmup, reps); break;
                case "sheet": run(Worksheet.class, data, warmup, reps); break;
                default: System.err.println("unknown kind " + args[2]); System.exit(2);
            }
        } else if (args.length == 2 && args[0].equals("wf")) {
            List<Path> paths;
            try (Stream<Path> files = Files.list(Paths.get(args[1]))) {
                paths = files.filter(p -> p.toString().endsWith(".xml")).sorted().collect(Collectors.toList());
            }
            for (Path path : paths) {
                try {
                    MAPPER.readValue(Files.readAllBytes(path), Catalog.class);
                    System.out.println("accepted " + path.getFileName());
                } catch (Exception error) {
                    System.out.println("refused " + path.getFileName());
                }
            }
        } else {
            System.err.println("usage: CrossLanguage run LIB KIND FILE WARMUP REPS | wf DIR");
            System.exit(2);
        }
    }
}
