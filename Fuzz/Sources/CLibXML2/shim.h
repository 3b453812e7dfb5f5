// CLibXML2: the parts of libxml2 (2.9.x, found with `pkg-config libxml-2.0`; Debian/Ubuntu package
// libxml2-dev) that the differential fuzz target uses, as one Clang module for Swift.
//
// Design: a `.systemLibrary` target is a module map over headers already installed on the
// machine; nothing of libxml2 is built or vendored here. Only `FuzzDifferential` depends on it,
// so neither XMLCodable, its tests nor the other fuzz targets ever link libxml2. The target uses
// the tree API, for example:
//
//     xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
//     xmlDocPtr doc = xmlCtxtReadMemory(ctxt, bytes, size, NULL, NULL,
//                                       XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET);
//     // doc == NULL, or ctxt->nsWellFormed == 0: not well-formed
//
// with an external entity loader that refuses everything (`xmlSetExternalEntityLoader`) and a
// structured error handler (`xmlSetStructuredErrorFunc`) that records errors instead of
// printing them.

#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/catalog.h>
#include <libxml/entities.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>

#endif
