// The XMLCodable module: all of XMLCodableCore, re-exported.
@_exported import XMLCodableCore
