// The lean reader of `reader-ceiling`, written in C with SSE2's move-mask, as a reference for how
// fast this machine reads a document's events when the language is not in the way. It is a
// measuring instrument of the Benchmarks package only: XMLCodable itself has no C and never
// calls this. README.md, "How far a reader can go on this machine", says what it leaves out.

#ifndef CLEANREADER_H
#define CLEANREADER_H

#include <stddef.h>
#include <stdint.h>

/// Reads every event of the UTF-8 document `bytes` (`count` bytes) and touches each as the
/// "XMLReader events" benchmark does: every element name, attribute name and value and text, its
/// length and one byte. Returns the sum of what it touched, or -1 when the document takes a form
/// the lean reader does not read or is not well-formed; `error_offset` is then the byte offset.
long long cleanreader_touch(const uint8_t *bytes, long count, long *error_offset);

/// Whether the lean reader was built with SSE2 (sixteen bytes per compare, and a move-mask); 0
/// means a byte-by-byte build, which is not a ceiling.
int cleanreader_has_sse2(void);

#endif
