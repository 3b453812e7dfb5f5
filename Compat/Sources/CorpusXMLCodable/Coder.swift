// The corpus compiled against XMLCodable.
import CompatSettings
import Foundation
import XMLCodable

let coderName = "XMLCodable"
