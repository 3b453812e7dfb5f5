// The corpus compiled against XMLCoder 0.18.2.
import CompatSettings
import Foundation
import XMLCoder

let coderName = "XMLCoder"
