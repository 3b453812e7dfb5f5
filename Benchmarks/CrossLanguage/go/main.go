// The Go side of the cross-language benchmark (Benchmarks/cross-language runs it): the standard
// library's encoding/xml decoding and encoding the books, osm and sheet models. The commands, the
// output lines and the checksum are those of the Swift program
// (Benchmarks/Sources/cross-language/main.swift):
//
//	encodingxml run encodingxml KIND FILE WARMUP REPS   ->  `decode BEST_NS CHECKSUM`, `encode BEST_NS BYTES`
//	encodingxml wf DIR                                  ->  `accepted NAME` / `refused NAME` per DIR/*.xml
package main

import (
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"
)

type Catalog struct {
	XMLName xml.Name `xml:"books"`
	Books   []Book   `xml:"book"`
}

type Book struct {
	Name        string `xml:"name,attr"`
	Author      string `xml:"author"`
	Publisher   string `xml:"publisher"`
	Category    string `xml:"category"`
	Description string `xml:"description"`
}

type OSM struct {
	XMLName   xml.Name `xml:"osm"`
	Version   string   `xml:"version,attr"`
	Generator string   `xml:"generator,attr"`
	Nodes     []Node   `xml:"node"`
}

type Node struct {
	ID      int64   `xml:"id,attr"`
	Lat     float64 `xml:"lat,attr"`
	Lon     float64 `xml:"lon,attr"`
	Version int64   `xml:"version,attr"`
	User    string  `xml:"user,attr"`
	Visible bool    `xml:"visible,attr"`
	Tags    []Tag   `xml:"tag"`
}

type Tag struct {
	K string `xml:"k,attr"`
	V string `xml:"v,attr"`
}

type Worksheet struct {
	XMLName   xml.Name   `xml:"worksheet"`
	Dimension *Dimension `xml:"dimension"`
	SheetData SheetData  `xml:"sheetData"`
}

type Dimension struct {
	Ref string `xml:"ref,attr"`
}

type SheetData struct {
	Rows []Row `xml:"row"`
}

type Row struct {
	R            *int64   `xml:"r,attr,omitempty"`
	Spans        *string  `xml:"spans,attr,omitempty"`
	Ht           *float64 `xml:"ht,attr,omitempty"`
	CustomHeight *string  `xml:"customHeight,attr,omitempty"`
	S            *int64   `xml:"s,attr,omitempty"`
	CustomFormat *string  `xml:"customFormat,attr,omitempty"`
	Cells        []Cell   `xml:"c"`
}

type Cell struct {
	R  *string       `xml:"r,attr,omitempty"`
	S  *int64        `xml:"s,attr,omitempty"`
	T  *string       `xml:"t,attr,omitempty"`
	F  *Formula      `xml:"f"`
	V  *string       `xml:"v"`
	Is *InlineString `xml:"is"`
}

type Formula struct {
	// Go has no "absent" for an element's own text: an empty element decodes to "".
	Text string  `xml:",chardata"`
	T    *string `xml:"t,attr,omitempty"`
	Ref  *string `xml:"ref,attr,omitempty"`
	Si   *int64  `xml:"si,attr,omitempty"`
}

type InlineString struct {
	T *string `xml:"t"`
}

func slen(s string) uint64 { return uint64(len(s)) }
func olen(s *string) uint64 {
	if s == nil {
		return 0
	}
	return uint64(len(*s))
}
func oint(v *int64) uint64 {
	if v == nil {
		return 0
	}
	return uint64(*v)
}
func fixed(v, scale float64) uint64 { return uint64(int64(math.Round(v * scale))) }

type checksummed interface{ checksum() uint64 }

func (c *Catalog) checksum() uint64 {
	sum := uint64(len(c.Books))
	for i := range c.Books {
		b := &c.Books[i]
		sum += slen(b.Name) + slen(b.Author) + slen(b.Publisher) + slen(b.Category) + slen(b.Description)
	}
	return sum
}

func (o *OSM) checksum() uint64 {
	sum := slen(o.Version) + slen(o.Generator)
	for i := range o.Nodes {
		n := &o.Nodes[i]
		sum += uint64(n.ID) + uint64(n.Version) + fixed(n.Lat, 1e7) + fixed(n.Lon, 1e7) + slen(n.User) + uint64(len(n.Tags))
		if n.Visible {
			sum++
		}
		for _, t := range n.Tags {
			sum += slen(t.K) + slen(t.V)
		}
	}
	return sum
}

func (w *Worksheet) checksum() uint64 {
	sum := uint64(len(w.SheetData.Rows))
	if w.Dimension != nil {
		sum += slen(w.Dimension.Ref)
	}
	for i := range w.SheetData.Rows {
		r := &w.SheetData.Rows[i]
		sum += oint(r.R) + olen(r.Spans) + oint(r.S) + olen(r.CustomHeight) + olen(r.CustomFormat) + uint64(len(r.Cells))
		if r.Ht != nil {
			sum += fixed(*r.Ht, 100)
		}
		for j := range r.Cells {
			c := &r.Cells[j]
			sum += olen(c.R) + oint(c.S) + olen(c.T) + olen(c.V)
			if c.F != nil {
				sum += 1 + slen(c.F.Text) + olen(c.F.T) + olen(c.F.Ref) + oint(c.F.Si)
			}
			if c.Is != nil {
				sum += 1 + olen(c.Is.T)
			}
		}
	}
	return sum
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "encodingxml:", message)
	os.Exit(2)
}

func run[T any, PT interface {
	*T
	checksummed
}](data []byte, warmup, reps int) {
	best := int64(math.MaxInt64)
	var model PT
	for i := 0; i < warmup+reps; i++ {
		model = nil
		start := time.Now()
		decoded := PT(new(T))
		if err := xml.Unmarshal(data, decoded); err != nil {
			fail(err.Error())
		}
		elapsed := time.Since(start).Nanoseconds()
		if i >= warmup && elapsed < best {
			best = elapsed
		}
		model = decoded
	}
	fmt.Printf("decode %d %d\n", best, model.checksum())
	best = math.MaxInt64
	var last []byte
	for i := 0; i < warmup+reps; i++ {
		start := time.Now()
		output, err := xml.Marshal(model)
		if err != nil {
			fail(err.Error())
		}
		output = append([]byte(xml.Header), output...)
		elapsed := time.Since(start).Nanoseconds()
		if i >= warmup && elapsed < best {
			best = elapsed
		}
		last = output
	}
	fmt.Printf("encode %d %d\n", best, len(last))
	if path := os.Getenv("CROSSLANG_WRITE"); path != "" {
		if err := os.WriteFile(path, last, 0o644); err != nil {
			fail(err.Error())
		}
	}
}

func main() {
	args := os.Args[1:]
	switch {
	case len(args) == 6 && args[0] == "run":
		data, err := os.ReadFile(args[3])
		if err != nil {
			fail(err.Error())
		}
		warmup, err1 := strconv.Atoi(args[4])
		reps, err2 := strconv.Atoi(args[5])
		if err1 != nil || err2 != nil {
			fail("WARMUP and REPS must be integers")
		}
		switch args[2] {
		case "books":
			run[Catalog](data, warmup, reps)
		case "osm":
			run[OSM](data, warmup, reps)
		case "sheet":
			run[Worksheet](data, warmup, reps)
		default:
			fail("unknown kind " + args[2])
		}
	case len(args) == 2 && args[0] == "wf":
		paths, _ := filepath.Glob(filepath.Join(args[1], "*.xml"))
		sort.Strings(paths)
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				fail(err.Error())
			}
			var catalog Catalog
			if xml.Unmarshal(data, &catalog) != nil {
				fmt.Println("refused", filepath.Base(path))
			} else {
				fmt.Println("accepted", filepath.Base(path))
			}
		}
	default:
		fail("usage: encodingxml run LIB KIND FILE WARMUP REPS | wf DIR")
	}
}
