// `import UIKit` brings Foundation's types (CGFloat, CGPoint, CGSize, CGRect, IndexPath, ...) with
// it; `import SpringyUIKit` does too, so a file only changes its import.
@_exported import Foundation
