import ArgumentParser
import SpringyKit

extension Springy {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scene files; print every problem; exit 2 if any is bad.")

        @Argument(help: "Scene files.")
        var scenes: [String]

        @OptionGroup var limitOptions: LimitOptions

        func run() throws {
            var bad = false
            for path in scenes {
                let v = Scene.validate(file: path, limits: limitOptions.limits)
                if v.isValid {
                    say("ok \(path): \(v.summary)")
                    for w in v.warnings { warn("springy: warning: \(w)") }
                } else {
                    _ = report(Problems(v.problems))
                    bad = true
                }
            }
            if bad { throw ExitCode(2) }
        }
    }
}
