module crosslang/encodingxml

go 1.19
