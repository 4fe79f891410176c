import ArgumentParser
import SpringyKit

extension Springy {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scene files; print every problem; exit 2 if any is bad.")

        @Argument(help: "Scene files.")
        var scenes: [String]

        @Flag(
            help:
                "Simulate every scene to its end, however long that takes (by default a scene estimated over about 10M body-steps is simulated that far, and validate says so)."
        )
        var full = false

        @OptionGroup var limitOptions: LimitOptions

        func run() throws {
            var bad = false
            for path in scenes {
                let v = Scene.validate(
                    file: path, limits: limitOptions.limits, bodySteps: full ? .infinity : Scene.validationBodySteps)
                if v.isValid {
                    say("ok \(path): \(v.summary)")
                    if let partial = v.partial { warn("springy: note: \(path): \(partial)") }
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
