// KnownDifferences: the disagreements between XMLReader and libxml2 that are understood, each
// with its reason, so that the differential target can skip them and trap on anything else.
//
// Design: `classify` is only asked once the two readings differ. Each rule names a class of
// difference and the spec clause or limit behind it, and recognises it from what the parsers
// reported — our `XMLParsingError.Reason`, libxml2's error codes and messages, what libxml2's
// external entity loader was asked for — or, better, by a repair: the rule changes the input
// the way the difference says (inserts the missing space, cuts at the NUL, drops the odd byte)
// or relaxes the comparison the way it says (tabs as spaces in attribute values), and the two
// readings must then agree. A rule never looks at the input's text alone, so that it cannot hide
// a difference of another kind. The classes (numbered as in `classify`):
//
//   limits and what a side does not read
//     1. our limits;  2. libxml2's limits (depth 256, its entity amplification heuristic);
//     3. encodings one side does not read;  4. external general entities (we refuse them);
//    27. the unassigned bytes of windows-1252 and its kin, which the two sides' tables (the
//        WHATWG's and glibc iconv's) read differently;
//   libxml2 deviations from XML 1.0 (5th ed.) and Namespaces 1.0
//     5. declarations after an unread parameter entity are processed (§5.1);
//     6. an undeclared parameter entity is fatal (WFC: Entity Declared);
//     7. an undeclared entity in an entity's text is fatal despite PE references (idem);
//    10. QNames in the DTD are not checked (Namespaces §5);
//    11. NCNames in entity references are not checked (Namespaces §7);
//    12. white space from character references in entity text is normalized in attributes (§3.3.3);
//    13. CRs from character references in entity text become LFs (§2.11);
//    14. CRs in public identifiers are kept (§2.11);
//    15. namespace errors in entity text are lost;
//    16. namespace declarations defaulted from the DTD are not checked (Namespaces §3);
//    18. a byte order mark overrides a contradicting encoding declaration (§4.3.3);
//    19. version "1." is accepted (§2.8 [26]);
//    20. some required white space is not required (§2.8 [28], [32]);
//    21. a NUL after the root element ends the document (§2.2);
//    22. a last odd byte of UTF-16 is dropped (§4.3.3);
//    23. a byte illegal in a declared single-byte encoding ends the input silently (§4.3.3),
//        whatever characters come before it;
//    24. a UTF-16 document is kept up to an unpaired surrogate (§4.3.3);
//    25. in a standalone document, an entity declared inside a parameter entity counts as
//        declared (WFC: Entity Declared);
//    26. an internal subset after the DOCTYPE's `>` is read (§2.8 [28]);
//    28. `NDATA` without a notation name is accepted (§4.2.2 [76] NDataDecl ::= S 'NDATA' S Name);
//    29. a second reference to a parameter entity whose text is a markup declaration stops the
//        internal subset (§2.8 [28a] DeclSep);
//   where the spec leaves the outcome open or makes a check optional
//     8. an entity referenced in an attribute default before its declaration (a validity error);
//     9. namespace names must be URI references (Namespaces §8);
//    17. no fragment identifier in an entity's system identifier (an error, §4.2.2).
//
// Every rule is counted (Statistics) and the counts are printed when the fuzzer exits. The
// libxml2 deviations are listed in Docs/Conformance.md, "libxml2 disagreements", with examples.
//
// Example: `<!DOCTYPE r [<!ENTITY % p SYSTEM "p.ent"> %p; <!ATTLIST r a CDATA "1">]><r/>` —
// libxml2 reads `<r a="1">`, we read `<r>`; the loader was asked for "p.ent" in the internal
// subset and the document is not standalone, so rule 5 classifies it. `<!DOCTYPEr><r/>` — we
// reject (no space after `<!DOCTYPE`), libxml2 accepts; with a space inserted where our error
// says, we read what libxml2 read, so rule 20 classifies it.

import CLibXML2
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
        case undeclaredParameterEntityIsFatal = "known: libxml2 makes an undeclared parameter entity fatal (WFC: Entity Declared, erratum E38)"
        case undeclaredEntityInEntityIsFatal = "known: libxml2 makes an undeclared entity in an entity's text fatal despite parameter-entity references (WFC: Entity Declared)"
        case namespaceNameNotURI = "known: libxml2 checks that namespace names are URI references (optional, Namespaces 1.0 §8)"
        case qualifiedNamesInDTD = "known: libxml2 does not check QNames in the DTD (Namespaces 1.0 §5)"
        case oddUTF16Byte = "known: libxml2 drops a last odd byte of UTF-16 (§4.3.3)"
        case characterReferenceWhiteSpaceInEntity = "known: libxml2 normalizes white space from character references in entity text in attribute values (§3.3.3)"
        case encodingDeclarationContradictsBOM = "known: libxml2 lets a byte order mark override a contradicting encoding declaration (§4.3.3)"
        case versionWithoutMinor = "known: libxml2 accepts version \"1.\" (§2.8 [26])"
        case carriageReturnReferenceInEntity = "known: libxml2 turns a carriage return from a character reference in entity text into a line feed (§2.11, §4.5)"
        case namespaceErrorInEntityLost = "known: libxml2 loses namespace errors in entity text (Namespaces 1.0 §5, §6)"
        case forbiddenDefaultedDeclaration = "known: libxml2 does not check namespace declarations defaulted from the DTD (Namespaces 1.0 §3)"
        case fragmentInSystemIdentifier = "known: libxml2 makes a fragment identifier in an entity's system identifier fatal (an error, not a fatal error: §4.2.2)"
        case conversionStopsAtIllegalByte = "known: libxml2 stops reading at a byte illegal in the declared encoding (§4.3.3)"
        case conversionStopsAtUnpairedSurrogate = "known: libxml2 keeps a UTF-16 document read up to an unpaired surrogate (§4.3.3)"
        case colonInEntityReference = "known: libxml2 does not check that entity references' names are NCNames (Namespaces 1.0 §7)"
        case carriageReturnInPublicID = "known: libxml2 keeps carriage returns in public identifiers (§2.11)"
        case entityDeclaredAfterDefault = "known: an entity referenced in an attribute default before its declaration (a validity error; outcome open)"
        case missingWhiteSpace = "known: libxml2 does not require white space"
        case nulEndsDocument = "known: libxml2 ignores everything from a NUL after the root element (§2.2, §2.1)"
        case internalSubsetAfterDoctypeEnd = "known: libxml2 reads an internal subset after the document type declaration's '>' (§2.8 [28])"
        case entityDeclaredInParameterEntityInStandalone = "known: libxml2 counts an entity declared inside a parameter entity as declared in a standalone document (WFC: Entity Declared)"
        case missingNotationName = "known: libxml2 does not require the notation name after NDATA (§4.2.2 [76])"
        case parameterEntityReferencedAgain = "known: libxml2 stops the internal subset at a second reference to a parameter entity holding a markup declaration (§2.8 [28a])"
        case windows1252UnassignedBytes = "known: unassigned bytes of windows-125x: C1 controls for the WHATWG tables, no character for iconv"
    }

    /// The known difference that explains why `ours` and `theirs` disagree on `bytes`, or nil.
    ///
    /// `depth` counts the repairs already made (the last rules re-read a repaired input and may
    /// find a second known difference in it).
    static func classify(_ bytes: UnsafeRawBufferPointer, ours result: OurReader.Result, theirs: LibXML2Reading, depth: Int = 0) -> Kind? {
        let ours = result.reading
        let ourError = result.error
        // libxml2's well-formedness errors (validity errors and warnings aside).
        let fatal = theirs.errors.filter(\.isWellFormednessError)

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
            if fatal.contains(where: { $0.code == 1 && $0.message.hasPrefix("Excessive depth in document") }) {
                return .libxml2DepthLimit
            }
            if fatal.contains(where: { $0.code == 89 }) { return .libxml2EntityLimit }
        }

        // 3. Encodings. XML 1.0 §4.3.3 requires a processor to read only UTF-8 and UTF-16 ("It is a
        //    fatal error when an XML processor encounters an entity with an encoding that it is
        //    unable to process"): we also read UTF-32, ISO-8859-1, US-ASCII and the WHATWG Encoding
        //    Standard's legacy encodings (Reader/Encodings/); libxml2 reads what iconv knows. A
        //    refusal by name on either side is not a disagreement about XML. (Where both read a
        //    legacy encoding, their tables differ in a few places — Shift_JIS 0x5C is `\` for the
        //    WHATWG and `¥` for glibc's SHIFT_JIS — which no rule here describes yet: the target's
        //    seeds hold no such document, and a run on them would report those differences.)
        if case .unsupportedEncoding = ourError?.reason { return .encodingWeDoNotRead }
        if case .accepted = ours, fatal.contains(where: { $0.code == 31 || $0.code == 32 }) { return .encodingLibxml2DoesNotRead }

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

        // 6. An undeclared parameter entity referenced in an internal subset, in a document not
        //    declared standalone. WFC: Entity Declared binds only documents "with only an internal
        //    DTD subset which contains no parameter entity references" (or standalone ones), and
        //    this subset contains one, the undeclared reference itself; its own note and erratum E38
        //    (W3C test ibm-69n05, valid for a non-validating processor) make it a validity error.
        //    libxml2 2.9 reports XML_ERR_UNDECLARED_ENTITY, fatal, when there is no external subset.
        //    Our reader skips the reference and, per §5.1, the declarations after it.
        if case .accepted = ours, theirs.standalone != 1, let first = fatal.first, first.code == 26, first.message.hasPrefix("PEReference:") {
            return .undeclaredParameterEntityIsFatal
        }

        // 7. An undeclared general entity referenced in the replacement text of another entity, in a
        //    document whose internal subset has parameter-entity references (or that has an external
        //    subset) and is not standalone: WFC: Entity Declared does not apply, and §4.1 makes the
        //    undeclared reference a validity error only (libxml2 itself only warns when the same
        //    reference is in the document's content). libxml2 2.9 parses an entity's text with a
        //    fresh context that forgets about the parameter-entity references, and reports
        //    XML_ERR_UNDECLARED_ENTITY, fatal, then "Entity 'e' failed to parse". Taken only when
        //    these are libxml2's only errors.
        if case .accepted = ours, theirs.standalone != 1, theirs.hasParameterEntityReferences || theirs.hasExternalSubset,
            fatal.contains(where: { $0.code == 26 && $0.message.hasSuffix("not defined") }),
            fatal.allSatisfy({ $0.code == 26 && ($0.message.hasSuffix("not defined") || $0.message.hasSuffix("failed to parse")) })
        {
            return .undeclaredEntityInEntityIsFatal
        }

        // 8. An entity referenced in an attribute-list default before it is declared
        //    (`<!ATTLIST a x CDATA "&e;"><!ENTITY e "v">`), in a document where Entity Declared is
        //    a validity constraint (parameter-entity references or an external subset, not
        //    standalone): "the declaration of a general entity MUST precede any reference to it
        //    which appears in a default value" is then a validity error, and what a non-validating
        //    processor makes of the default is left open. Our reader looks the entity up when the
        //    default is used (by then it is declared); libxml2 2.9 when the default is read, warns
        //    "Entity 'e' not defined" and drops the reference. Recognised by that warning naming an
        //    entity libxml2 has among the internal subset's declarations after all (so libxml2 accepted).
        if theirs.standalone != 1, theirs.hasParameterEntityReferences || theirs.hasExternalSubset,
            let entities = theirs.reading.lines?.first(where: { $0.hasPrefix("entities [") }),
            theirs.errors.contains(where: { report in
                guard report.code == 27, report.message.hasPrefix("Entity '"), report.message.hasSuffix("' not defined") else { return false }
                let name = report.message.dropFirst(8).dropLast(13)
                return entities.contains(quote(Array(name.utf8)))
            })
        {
            return .entityDeclaredAfterDefault
        }

        // 9. A namespace name that is not a URI reference (RFC 3986): `xmlns:p="a b"`, or an IRI
        //    with non-ASCII characters. Namespaces 1.0 §8: conforming processors "are not required
        //    to check that namespace names are URI references"; our reader does not, libxml2 does
        //    (XML_WAR_NS_URI, a namespace error). Neither is wrong. Taken only when these are
        //    libxml2's only errors.
        if case .accepted = ours, !fatal.isEmpty, fatal.allSatisfy({ $0.code == 99 && $0.message.hasSuffix("is not a valid URI") }) {
            return .namespaceNameNotURI
        }

        // 10. QNames in the DTD. Namespaces 1.0 §5 (productions [16]–[21]) makes the names of the
        //    document type declaration, of element type and attribute-list declarations and of
        //    content models QNames; libxml2 2.9 reads them as plain Names (`<!DOCTYPE :r>`,
        //    `<!ATTLIST p::e a CDATA "1">`). Recognised by our reader rejecting an invalid name
        //    before it reports the doctype, and reading the document without namespace processing.
        if case .invalidName = ourError?.reason, !result.sawDoctype, case .accepted = theirs.reading,
            case .accepted = OurReader.read(bytes, options: XMLReader.Options(limits: OurReader.options.limits, shouldProcessNamespaces: false)).reading
        {
            return .qualifiedNamesInDTD
        }

        // 11. Names of entity references. Namespaces 1.0 §7: "All other tokens in the document
        //    which are required, for XML 1.0 well-formedness, to match the XML production for Name,
        //    MUST match this specification's production for NCName" — so `&a:b;` is not
        //    namespace-well-formed. libxml2 2.9 checks colons in entity declarations but not in
        //    references; where undeclared entities are not fatal (parameter-entity references or an
        //    external subset) it reports `&a:b;` as undeclared and accepts. Recognised by our
        //    reader rejecting the name and libxml2 reporting the same name as not defined.
        if case .invalidName(let name) = ourError?.reason, name.contains(":"), case .accepted = theirs.reading,
            theirs.errors.contains(where: { $0.code == 27 && $0.message == "Entity '\(name)' not defined" })
        {
            return .colonInEntityReference
        }

        // 12. Attribute-value normalization of entity text (§3.3.3): "For a character reference,
        //    append the referenced character to the normalized value. For an entity reference,
        //    recursively apply step 3 of this algorithm to the replacement text of the entity." An
        //    entity whose replacement text holds a character reference to white space
        //    (`<!ENTITY t "&#38;#9;">`) therefore puts a tab into `a="&t;"`; libxml2 2.9 replaces
        //    the character reference first and then normalizes the tab to a space. Recognised by
        //    both readings agreeing once attribute values' tabs, line feeds and carriage returns
        //    are written as spaces, in a document with a character reference to `&` (the only way
        //    to get a character reference into replacement text).
        if case .accepted = ours, case .accepted = theirs.reading, containsAmpersandReference(bytes) {
            TraceWriter.attributeWhiteSpaceAsSpace = true
            defer { TraceWriter.attributeWhiteSpaceAsSpace = false }
            let relaxedOurs = OurReader.read(bytes).reading.lines
            if relaxedOurs != nil, relaxedOurs == LibXML2Reader.read(bytes).reading.lines {
                return .characterReferenceWhiteSpaceInEntity
            }
        }

        // 13. Line ends in entity text (§2.11, §4.5): line breaks are normalized "on input, before
        //    parsing"; a carriage return that a character reference in an entity value puts into
        //    the replacement text (`<!ENTITY e "a&#13;b">`) is data, and stays when the entity is
        //    referenced in content, or in a system literal of a parameter entity's text.
        //    libxml2 2.9 parses the replacement text as a new input and normalizes it again (CR
        //    and CR LF become LF). Recognised by both readings agreeing once line ends in text
        //    and notation identifiers are normalized, in a document with a character reference to CR.
        if case .accepted = ours, case .accepted = theirs.reading, containsCharacterReference(to: 0x0D, bytes) {
            TraceWriter.textLineEndsNormalized = true
            defer { TraceWriter.textLineEndsNormalized = false }
            let relaxedOurs = OurReader.read(bytes).reading.lines
            if relaxedOurs != nil, relaxedOurs == LibXML2Reader.read(bytes).reading.lines {
                return .carriageReturnReferenceInEntity
            }
        }

        // 14. Line ends in public identifiers: §2.11 normalizes every line break of the document
        //    on input, and PubidChar allows #xD and #xA, so `PUBLIC "a<CR>b"` names "a<LF>b".
        //    libxml2 2.9 reads a public literal byte by byte and keeps a raw CR (it normalizes
        //    system literals). Recognised by both readings agreeing once line ends in public
        //    identifiers are normalized.
        if case .accepted = ours, case .accepted = theirs.reading {
            TraceWriter.publicIDLineEndsNormalized = true
            defer { TraceWriter.publicIDLineEndsNormalized = false }
            let relaxedOurs = OurReader.read(bytes).reading.lines
            if relaxedOurs != nil, relaxedOurs == LibXML2Reader.read(bytes).reading.lines {
                return .carriageReturnInPublicID
            }
        }

        // 15. Namespace errors in entity text: `<!ENTITY e "<p:a/>">` referenced where `p` is not
        //    declared (Namespaces 1.0 §5, "Prefix Declared"), duplicate expanded names, forbidden
        //    declarations. libxml2 2.9 parses the replacement text in a context of its own, reports
        //    the namespace error there (`xmlNsErr`), and does not carry the context's
        //    `nsWellFormed` back: the document is accepted. Recognised by our reader rejecting a
        //    namespace error and libxml2 accepting after reporting one.
        if case .accepted = theirs.reading, theirs.errors.contains(where: { $0.domain == Int32(XML_FROM_NAMESPACE.rawValue) && $0.level >= 2 }) {
            switch ourError?.reason {
            case .undeclaredNamespacePrefix, .invalidNamespaceDeclaration, .duplicateAttribute, .invalidName:
                return .namespaceErrorInEntityLost
            default:
                break
            }
        }

        // 16. Namespace declarations defaulted from the DTD (`<!ATTLIST a xmlns:p CDATA "">`,
        //    `xmlns:xmlns`, the xml or xmlns namespace name): Namespaces 1.0 §3 forbids them
        //    however they are given; libxml2 2.9 checks only those in the start tag, and reports a
        //    defaulted one as a declaration. Recognised by our reader rejecting an invalid
        //    namespace declaration and libxml2 reporting a forbidden one without an error.
        if case .invalidNamespaceDeclaration = ourError?.reason, case .accepted = theirs.reading, theirs.acceptedForbiddenDeclaration {
            return .forbiddenDefaultedDeclaration
        }

        // 17. A fragment identifier in an entity's system identifier (`SYSTEM "e.ent#x"`). §4.2.2:
        //    "It is an error for a fragment identifier (beginning with a # character) to be part of
        //    a system identifier": an error, whose results are undefined and which a processor may
        //    report and recover from (§1.2), not a fatal error. Our reader ignores it; libxml2 2.9
        //    reports XML_ERR_URI_FRAGMENT as fatal. Neither is wrong. Taken when it is libxml2's
        //    first well-formedness error.
        if case .accepted = ours, fatal.first?.code == 92 {
            return .fragmentInSystemIdentifier
        }

        // 18. An encoding declaration that contradicts the byte order mark (a UTF-8 BOM and
        //    encoding="ISO-8859-1", a UTF-16 BOM and encoding="UTF-8"). §4.3.3: "it is a fatal error
        //    for an entity including an encoding declaration to be presented to the XML processor
        //    in an encoding other than that named in the declaration". libxml2 2.9 believes the
        //    byte order mark and ignores the declaration.
        if case .encodingMismatch = ourError?.reason, case .accepted = theirs.reading {
            return .encodingDeclarationContradictsBOM
        }

        // 19. `version="1."`: §2.8 [26] VersionNum ::= '1.' [0-9]+ needs a digit after the dot.
        //    libxml2 2.9 reads "1." as an unknown 1.x version, with a warning
        //    (XML_WAR_UNKNOWN_VERSION), and goes on.
        if case .invalidXMLDeclaration = ourError?.reason, case .accepted = theirs.reading,
            theirs.errors.contains(where: { $0.code == 97 && $0.message.hasPrefix("Unsupported version '1.'") })
        {
            return .versionWithoutMinor
        }

        // 20. White space the grammar requires and libxml2 does not: our reader reports the missing
        //    S, and inserting one space where it says makes our reading equal libxml2's (or leaves
        //    another known difference). Each place seen is listed with its production; a place not
        //    listed is not filtered.
        if let error = ourError, let place = whiteSpacePlace(error.reason), let production = laxWhiteSpace[place],
            case .accepted = theirs.reading, error.offset <= bytes.count, isUTF8(bytes),
            repairExplains(Array(bytes[..<error.offset]) + [0x20] + Array(bytes[error.offset...]), theirs, depth)
        {
            Statistics.record("known: libxml2 does not require white space: \(production)")
            return .missingWhiteSpace
        }

        // 21. libxml2 2.9 uses a NUL byte as its end-of-input sentinel: after the root element it
        //    takes U+0000 for the end of the document and ignores it and everything after it
        //    (xmlParseDocument checks `RAW != 0`). U+0000 is not a Char (§2.2), so the document is
        //    not well-formed (§2.1: Misc* after the element, then nothing). Recognised by the
        //    difference vanishing when the input is cut at its first NUL character.
        if case .rejected = ours, case .accepted = theirs.reading, let cut = firstNULCharacter(bytes),
            repairExplains(Array(bytes[..<cut]), theirs, depth)
        {
            return .nulEndsDocument
        }

        // 22. A UTF-16 document with an odd number of bytes: the last byte is half a code unit,
        //    "byte sequences that are not legal in that encoding", a fatal error (§4.3.3). libxml2
        //    2.9 drops it silently. Recognised by the difference vanishing without the last byte.
        if case .rejected = ours, case .accepted = theirs.reading, !isUTF8(bytes), bytes.count % 2 == 1,
            repairExplains(Array(bytes.dropLast()), theirs, depth)
        {
            return .oddUTF16Byte
        }

        // 23. A byte that is not legal in a declared single-byte encoding (above 0x7F in US-ASCII;
        //    0x81, 0x8D, 0x8F, 0x90 or 0x9D in windows-1252): "a fatal error" (§4.3.3). libxml2 2.9
        //    decodes such documents with iconv, which stops at the byte; libxml2 takes that for the
        //    end of the input without an error, so after the root element the document is
        //    accepted. Recognised by the difference vanishing when the input is cut at the byte
        //    (taken where everything before it is ASCII, so that our error's offset, counted in
        //    UTF-8, is the input's).
        if case .rejected = ours, case .accepted = theirs.reading, let error = ourError,
            case .unexpectedCharacter(let found, let expected) = error.reason, found.hasPrefix("byte 0x"),
            expected == "a US-ASCII character" || expected == "a windows-1252 character",
            error.offset < bytes.count, bytes[error.offset] >= 0x80, !bytes[..<error.offset].contains(where: { $0 >= 0x80 }),
            repairExplains(Array(bytes[..<error.offset]), theirs, depth)
        {
            return .conversionStopsAtIllegalByte
        }
        //    The same in any other single-byte legacy encoding (windows-1253's 0xFF, say), after
        //    other non-ASCII characters: our error's offset is then counted in the UTF-8 the bytes
        //    became, not in the input, so the input is cut at each of the first few occurrences of
        //    the byte our error names, and the difference must vanish at one of them.
        if case .rejected = ours, case .accepted = theirs.reading, let error = ourError,
            case .unexpectedCharacter(let found, let expected) = error.reason, found.hasPrefix("byte 0x"),
            expected.hasPrefix("a "), expected.hasSuffix(" character"),
            let byte = UInt8(found.dropFirst("byte 0x".count), radix: 16), byte >= 0x80
        {
            for cut in bytes.indices.filter({ bytes[$0] == byte }).prefix(4) where repairExplains(Array(bytes[..<cut]), theirs, depth) {
                return .conversionStopsAtIllegalByte
            }
        }

        // 24. An unpaired surrogate in a UTF-16 document: "byte sequences that are not legal in
        //    that encoding", a fatal error (§4.3.3). libxml2 2.9 reports its conversion error but
        //    keeps the document read up to it, so after the root element the document is
        //    accepted. Recognised by the difference vanishing when the input is cut at the
        //    surrogate (our error's offset is in the input's bytes).
        if case .rejected = ours, case .accepted = theirs.reading, let error = ourError,
            case .unexpectedCharacter(let found, _) = error.reason, found.hasPrefix("the unpaired UTF-16 surrogate"),
            error.offset <= bytes.count, repairExplains(Array(bytes[..<error.offset]), theirs, depth)
        {
            return .conversionStopsAtUnpairedSurrogate
        }

        // 25. WFC: Entity Declared, in a document declared standalone: "the Name given in the
        //    entity reference MUST match that in an entity declaration that does not occur within
        //    the external subset or a parameter entity". An entity declared in a parameter
        //    entity's text (`<!ENTITY % p "<!ENTITY e 'x'>"> %p;`) and referenced in the internal
        //    subset or the content is therefore undeclared there. libxml2 2.9 does not record
        //    where a declaration occurred and accepts. Recognised by the difference vanishing when
        //    the XML declaration says standalone="no" instead (the constraint then does not bind a
        //    subset with parameter-entity references, and the readings must agree).
        if case .undeclaredEntity = ourError?.reason, case .accepted = theirs.reading, theirs.standalone == 1,
            theirs.hasParameterEntityReferences, isUTF8(bytes), let repaired = standaloneNo(bytes),
            repairExplains(repaired, theirs, depth)
        {
            return .entityDeclaredInParameterEntityInStandalone
        }

        // 26. `<!DOCTYPE doc>[<!ATTLIST doc a CDATA "1">]>`: §2.8 [28] doctypedecl ::= '<!DOCTYPE'
        //    S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>' puts the internal subset before
        //    the `>`; after it, a `[` is character data outside the root element. libxml2 2.9
        //    (xmlParseDocument) looks for `[` once the declaration's `>` is read as well as before
        //    it, and reads the subset. Recognised by our reader rejecting that `[` where it
        //    expected markup, right after a `>`, and the difference vanishing without the `>`.
        if case .unexpectedCharacter(_, let expected) = ourError?.reason, expected == "'<'", let error = ourError,
            case .accepted = theirs.reading, result.sawDoctype, isUTF8(bytes), error.offset > 0, error.offset < bytes.count,
            bytes[error.offset] == UInt8(ascii: "["), bytes[error.offset - 1] == UInt8(ascii: ">"),
            repairExplains(Array(bytes[..<(error.offset - 1)]) + Array(bytes[error.offset...]), theirs, depth)
        {
            return .internalSubsetAfterDoctypeEnd
        }

        // 28. `<!ENTITY e SYSTEM "e.png" NDATA >`: §4.2.2 [76] NDataDecl ::= S 'NDATA' S Name, so
        //    the notation's name is required, and our reader expects one where the `>` is.
        //    libxml2 2.9 reads the name and declares the entity whatever it got
        //    (xmlParseEntityDecl does not test it), so it accepts. Recognised by our error
        //    following `NDATA` and white space, and the difference vanishing with a name there.
        if case .unexpectedCharacter(_, let expected) = ourError?.reason, expected == "a name", let error = ourError,
            case .accepted = theirs.reading, isUTF8(bytes), error.offset <= bytes.count,
            followsNDATA(bytes, error.offset),
            repairExplains(Array(bytes[..<error.offset]) + Array("n".utf8) + Array(bytes[error.offset...]), theirs, depth)
        {
            return .missingNotationName
        }

        // 29. `<!ENTITY % d "<!ENTITY e 'x'>"> %d; %d;`: §2.8 [28] intSubset ::= (markupdecl |
        //    DeclSep)*, [28a] DeclSep ::= PEReference | S, so a parameter entity may be referenced
        //    between declarations as often as it likes (the second declaration of `e` binds
        //    nothing, §4.2). libxml2 2.9.14 stops at the second reference to the same parameter
        //    entity when its text is a markup declaration, with XML_ERR_INTERNAL_ERROR
        //    "xmlParseInternalSubset: error detected in Markup declaration" (two different
        //    entities, or the same one holding only white space, pass). Recognised by that being
        //    libxml2's first fatal error, after it looked up some parameter entity twice; what
        //    follows it (entities the lost declarations would have declared) is its consequence.
        if case .accepted = ours, let first = fatal.first, first.code == 1,
            first.message.hasSuffix("xmlParseInternalSubset: error detected in Markup declaration"),
            Set(theirs.parameterEntityLookups).count < theirs.parameterEntityLookups.count,
            fatal.dropFirst().allSatisfy({ $0.code == 26 && $0.message.hasSuffix("not defined") })
        {
            return .parameterEntityReferencedAgain
        }

        // 27. windows-1252's five unassigned bytes, 0x81, 0x8D, 0x8F, 0x90 and 0x9D (and those of
        //    its kin: windows-1254 also leaves 0x8E and 0x9E unassigned). The WHATWG Encoding
        //    Standard, whose tables this reader uses (Reader/Encodings/), maps them to the C1
        //    controls U+0081 … U+009E, which are XML characters; glibc's iconv, through which
        //    libxml2 2.9 reads these encodings, has no character for them, and libxml2 stops with
        //    "input conversion failed" (XML_I18N_CONV_FAILED, 6003).
        //    A difference of tables, not of XML (Docs/Conformance.md). Recognised by the
        //    difference vanishing when each such byte is replaced by 0x80 (`€` in both tables)
        //    and both sides read the result.
        //    libxml2 names the byte in its message ("bytes 0x9A …"); where the byte comes after
        //    the root element, iconv's stop is taken for the end of the input and libxml2
        //    accepts while we reject the character (windows-1253's 0x9A), so both verdicts occur.
        if theirs.errors.contains(where: { $0.code == 6003 }), declaresWindowsCodePage(bytes) {
            var refused = Set(bytes.filter(isOftenUnassignedInWindowsCodePages))
            for report in theirs.errors where report.code == 6003 {
                if let range = report.message.range(of: "bytes 0x"),
                    let byte = UInt8(report.message[range.upperBound...].prefix(2), radix: 16), byte >= 0x80
                {
                    refused.insert(byte)
                }
            }
            if !refused.isEmpty, bothAgree(bytes.map { refused.contains($0) ? 0x80 : $0 }, depth) {
                return .windows1252UnassignedBytes
            }
        }

        return nil
    }

    /// Whether the bytes before `offset` are `NDATA` and white space (see rule 28).
    static func followsNDATA(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Bool {
        var end = offset
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return end < offset && end >= 5 && Array(bytes[(end - 5)..<end]) == Array("NDATA".utf8)
    }

    /// The bytes windows-1252 and the other Windows code pages leave unassigned, or may (see
    /// rule 27; a byte one of them assigns is replaced on both sides alike, which cannot hide a
    /// difference). Bytes a page leaves unassigned beyond these come from libxml2's message.
    static func isOftenUnassignedInWindowsCodePages(_ byte: UInt8) -> Bool {
        byte == 0x81 || byte == 0x8D || byte == 0x8E || byte == 0x8F || byte == 0x90 || byte == 0x9D || byte == 0x9E
    }

    /// Whether the XML declaration names a Windows code page (`windows-125x` or `cp125x`, any case).
    static func declaresWindowsCodePage(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let input = Array(bytes)
        let declarationEnd = input.firstRange(of: Array("?>".utf8))?.lowerBound ?? 0
        let declaration = String(decoding: input[..<declarationEnd], as: UTF8.self).lowercased()
        return declaration.hasPrefix("<?xml") && (declaration.contains("windows-125") || declaration.contains("cp125"))
    }

    /// Whether both sides read `input` alike, or differ on it only by another known difference.
    private static func bothAgree(_ input: [UInt8], _ depth: Int) -> Bool {
        input.withUnsafeBytes { buffer in
            let ours = OurReader.read(buffer)
            let theirs = LibXML2Reader.read(buffer)
            switch (ours.reading, theirs.reading) {
            case (.rejected, .rejected): return true
            case (.accepted(let a), .accepted(let b)) where a == b: return true
            default: return depth < 3 && classify(buffer, ours: ours, theirs: theirs, depth: depth + 1) != nil
            }
        }
    }

    /// The input with the XML declaration's `standalone="yes"` (or `'yes'`) written
    /// `standalone="no" ` (same length; white space may end the declaration), or nil when the
    /// declaration has none.
    static func standaloneNo(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let input = Array(bytes)
        let declarationEnd = input.firstRange(of: Array("?>".utf8))?.lowerBound ?? input.count
        for quote in ["\"", "'"] {
            let pattern = Array("standalone=\(quote)yes\(quote)".utf8)
            guard let range = input[..<declarationEnd].firstRange(of: pattern) else { continue }
            var repaired = input
            repaired.replaceSubrange(range, with: Array("standalone=\(quote)no\(quote) ".utf8))
            return repaired
        }
        return nil
    }

    /// Whether our reading of a repaired input is libxml2's reading of the original, or differs
    /// from it only by another known difference.
    private static func repairExplains(_ repaired: [UInt8], _ theirs: LibXML2Reading, _ depth: Int) -> Bool {
        repaired.withUnsafeBytes { buffer in
            let result = OurReader.read(buffer)
            if let lines = result.reading.lines, lines == theirs.reading.lines { return true }
            return depth < 3 && classify(buffer, ours: result, theirs: theirs, depth: depth + 1) != nil
        }
    }

    /// Whether the input holds a character reference to `&` (`&#38;`, `&#x26;`, any leading zeros).
    static func containsAmpersandReference(_ bytes: UnsafeRawBufferPointer) -> Bool {
        containsCharacterReference(to: 0x26, bytes)
    }

    /// The place of a missing-white-space error: what our reader expected, or for the XML
    /// declaration its complaint.
    static func whiteSpacePlace(_ reason: XMLParsingError.Reason) -> String? {
        switch reason {
        case .unexpectedCharacter(_, let expected): expected
        case .invalidXMLDeclaration(let why): why
        default: nil
        }
    }

    /// Whether the input holds a character reference to `code` (`&#13;`, `&#xD;`, any leading zeros).
    static func containsCharacterReference(to code: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 3 < bytes.count {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "&"), bytes[i + 1] == UInt8(ascii: "#") else { continue }
            var j = i + 2
            let hex = bytes[j] == UInt8(ascii: "x")
            if hex { j += 1 }
            var value = 0
            while j < bytes.count, value < 0x110000 {
                let byte = bytes[j]
                if byte >= 0x30 && byte <= 0x39 {
                    value = value * (hex ? 16 : 10) + Int(byte - 0x30)
                } else if hex, (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 {
                    value = value * 16 + Int((byte | 0x20) - 0x61 + 10)
                } else {
                    break
                }
                j += 1
            }
            if value == code, j < bytes.count, bytes[j] == UInt8(ascii: ";") { return true }
        }
        return false
    }

    /// The places where libxml2 2.9 accepts a missing S that the grammar requires: our reader's
    /// `expected` text, and the production.
    static let laxWhiteSpace: [String: String] = [
        "white space after '<!DOCTYPE'": "§2.8 [28] doctypedecl ::= '<!DOCTYPE' S Name …",
        "unexpected pseudo-attribute (only version, encoding and standalone, in that order, separated by white space)":
            "§2.8 [32] SDDecl ::= S 'standalone' Eq …",
    ]

    /// Whether the input is read as UTF-8 (no UTF-16 signature), so that our error offsets are its offsets.
    static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let head = Array(bytes.prefix(4))
        return !(head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || head == [0x3C, 0, 0x3F, 0] || head == [0, 0x3C, 0, 0x3F])
    }

    /// The offset of the first U+0000 in the input: the first zero byte, or for UTF-16 (a byte order
    /// mark or `<?` in UTF-16, XML 1.0 appendix F) the first zero code unit.
    static func firstNULCharacter(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !isUTF8(bytes) else { return bytes.firstIndex(of: 0) }
        return stride(from: 0, to: bytes.count - 1, by: 2).first { bytes[$0] == 0 && bytes[$0 + 1] == 0 }
    }
}
