// KnownDifferences: the disagreements between XMLReader and libxml2 that are understood, each
// with its reason, so that the differential target can skip them and trap on anything else.
//
// Design: `classify` is only asked once the two readings differ. Each rule names a class of
// difference, the spec clause or the limit behind it, and recognises it from what the two
// parsers reported — our `XMLParsingError.Reason`, libxml2's error codes and messages, and what
// libxml2's external entity loader was asked for — never from the input's text alone, so that a
// rule cannot hide a difference of another kind in the same document. The rules, in order:
//
//   1. our limits (we refused; libxml2 has different ones);
//   2. libxml2's limits (it refused: nesting deeper than 256, or its entity amplification and
//      nesting heuristics, which it reports as an "entity reference loop");
//   3. encodings one side does not read (unsupported or unknown by name);
//   4. an external general entity referenced in content: our reader refuses it by design
//      (Docs/Conformance.md), libxml2 skips it when the loader refuses;
//   5. declarations after a parameter-entity reference that was not read: XML 1.0 §5.1 says a
//      non-validating processor must not process them (unless standalone), libxml2 does.
//
// Every rule is counted (Statistics) and the counts are printed when the fuzzer exits. The
// libxml2 deviations are listed in Docs/Conformance.md, "libxml2 disagreements", with examples.
//
// Example: `<!DOCTYPE r [<!ENTITY % p SYSTEM "p.ent"> %p; <!ATTLIST r a CDATA "1">]><r/>` —
// libxml2 reads `<r a="1">`, we read `<r>`; the loader was asked for "p.ent" in the internal
// subset and the document is not standalone, so rule 5 classifies it.

import XMLCodable

enum KnownDifferences {
    /// A class of understood difference; the raw value is what the statistics print.
    enum Kind: String {
        case ourLimit = "known: XMLReader limit"
        case libxml2DepthLimit = "known: libxml2 depth limit (256)"
        case libxml2EntityLimit = "known: libxml2 entity amplification/nesting limit"
        case encodingWeDoNotRead = "known: encoding XMLReader does not read"
        case encodingLibxml2DoesNotRead = "known: encoding libxml2 does not read"
        case externalEntityRefused = "known: external entity reference refused by XMLReader"
        case declarationsAfterUnreadParameterEntity = "known: libxml2 processes declarations after an unread parameter entity (§5.1)"
    }

    static func classify(_ bytes: UnsafeRawBufferPointer, ours: Reading, ourError: XMLParsingError?, theirs: LibXML2Reading) -> Kind? {
        let codes = theirs.errors.filter { $0.level >= 2 }.map(\.code)

        // 1. Our limits. They are set generously (OurReader.options), but entity expansion can still
        //    reach the expansion limits, which are what stops "billion laughs" (XMLReader.Limits).
        if let reason = ourError?.reason {
            switch reason {
            case .depthLimitExceeded, .entityExpansionLimitExceeded, .entityExpansionRatioExceeded, .attributeLimitExceeded,
                .nameLengthLimitExceeded, .documentTooLarge, .tokenTooLarge:
                return .ourLimit
            default:
                break
            }
        }

        // 2. libxml2's limits, without XML_PARSE_HUGE: elements nested deeper than 256
        //    (xmlParserMaxDepth; "Excessive depth in document"), and XML_ERR_ENTITY_LOOP, which
        //    libxml2 2.9 also raises for entity nesting deeper than 40 and for its amplification
        //    heuristic (many references for the document's size), not only for a real loop. A real
        //    loop (WFC: No Recursion) cannot end in our acceptance: its expansion never ends, and
        //    our reader reports it or stops at a limit (rule 1), so it is only taken when we accept.
        if case .accepted = ours {
            if theirs.errors.contains(where: { $0.code == 1 && $0.message.hasPrefix("Excessive depth in document") }) {
                return .libxml2DepthLimit
            }
            if codes.contains(89) { return .libxml2EntityLimit }
        }

        // 3. Encodings. XML 1.0 §4.3.3 lets a processor read only UTF-8 and UTF-16 ("It is a fatal
        //    error when an XML processor encounters an entity with an encoding that it is unable to
        //    process"): we also read ISO-8859-1, US-ASCII and windows-1252; libxml2 reads what
        //    iconv and ICU know. A refusal by name on either side is not a disagreement about XML.
        if case .unsupportedEncoding = ourError?.reason { return .encodingWeDoNotRead }
        if case .accepted = ours, codes.contains(where: { $0 == 31 || $0 == 32 }) { return .encodingLibxml2DoesNotRead }

        // 4. An external parsed entity referenced in content. §4.4.3 lets a non-validating
        //    processor not include it; our reader makes the reference an error rather than drop
        //    text silently (Docs/Conformance.md). libxml2 asks the loader, which refuses, and goes on.
        if case .externalEntityReference = ourError?.reason, case .accepted = theirs.reading, theirs.refusedLoads.contains(0) {
            return .externalEntityRefused
        }

        // 5. §5.1: a non-validating processor that does not read a parameter entity "MUST NOT
        //    process entity declarations or attribute-list declarations encountered after" the
        //    reference, unless the document is standalone. Our reader skips them; libxml2 processes
        //    them: entity names, defaults and expansions differ, and so can the verdict (an entity
        //    or a default namespace declaration that only one side has). Recognised by the loader
        //    having been asked for a parameter entity in the internal subset, or libxml2 warning of
        //    an undeclared parameter entity, in a document not declared standalone.
        let unreadParameterEntity =
            theirs.refusedLoads.contains(1)
            || theirs.errors.contains { $0.code == 27 && $0.message.hasPrefix("PEReference:") }
        if unreadParameterEntity, theirs.standalone != 1 { return .declarationsAfterUnreadParameterEntity }

        return nil
    }
}
