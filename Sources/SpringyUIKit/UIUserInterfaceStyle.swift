import Foundation

/// The light or dark appearance a Swift scene is drawn in (UIKit's UIUserInterfaceStyle).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}
