import Foundation
import SpringyKit

/// Springy's command line inside your own executable, with your Swift scenes in it by name:
///
/// ```swift
/// // Sources/my-motion/main.swift
/// import SpringyCLI
/// import SpringyKit
///
/// SpringyCommand.main(scenes: [try Scene(named: "carousel", duration: 4) { CarouselViewController() }])
/// ```
///
/// `swift run my-motion render carousel --format gif`, `swift run my-motion check` and every
/// other command then take `carousel` where they take a scene file (a file of that name, if
/// there is one, still wins), and with no scene named run the Swift scenes, then those in
/// scenes/. Goldens go where a scene file's do: golden/carousel/.
public enum SpringyCommand {
    /// Runs the command line (`arguments`, or the process's) with `scenes`; exits with its code.
    public static func main(scenes: [Scene], arguments: [String]? = nil) -> Never {
        var seen: [String] = []
        for name in scenes.map(\.slug) {
            if seen.contains(name) {
                FileHandle.standardError.write(Data("springy: two Swift scenes are named \(name); give each its own name\n".utf8))
                exit(2)
            }
            seen.append(name)
        }
        Scene.register(byName: scenes)
        Springy.runMain(arguments)
    }

    /// Runs `make` to build the scenes (an error it throws is printed, exit 2), then the command line.
    public static func main(arguments: [String]? = nil, scenes make: () throws -> [Scene]) -> Never {
        do { main(scenes: try make(), arguments: arguments) } catch {
            FileHandle.standardError.write(Data("springy: \(error)\n".utf8))
            exit(2)
        }
    }
}
