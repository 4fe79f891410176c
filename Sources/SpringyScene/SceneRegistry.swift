import Foundation
import Synchronization

/// Scenes a program made in Swift (SpringyKit's `Scene(named:…)`), registered by name for the
/// command line it runs (`SpringyCommand.main(scenes:)`): a name given where a scene file goes,
/// with no file of that name there, is the registered scene.
package enum SceneRegistry {
    private static let registered = Mutex<[Scene]>([])

    /// Replaces the registered scenes (in the order given: the order every command runs them).
    package static func register(_ scenes: [Scene]) { registered.withLock { $0 = scenes } }

    /// The registered scenes' names (their slugs), in order.
    package static var names: [String] { registered.withLock { $0.map(\.slug) } }

    /// The scene registered as `name`.
    package static func scene(named name: String) -> Scene? { registered.withLock { list in list.first { $0.slug == name } } }
}
