import ArgumentParser
import SpringyPipeline
import SpringyScene

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
                do {
                    let scene = try SceneLoader.load(path: path, limits: limitOptions.limits)
                    let (cost, warnings) = try TraceJob.validate(scene)
                    say("ok \(path): \(cost.summary)")
                    for w in warnings { warn("springy: warning: \(w)") }
                } catch {
                    warn("\(error)")
                    bad = true
                }
            }
            if bad { throw ExitCode(2) }
        }
    }
}
