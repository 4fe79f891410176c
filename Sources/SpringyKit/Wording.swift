import SpringyCore

/// What a command-line front end built on SpringyKit says things with, as Springy's own does:
/// counted nouns, "did you mean", and text made safe for GitHub Actions' workflow commands.
public enum Wording {
    /// "1 frame", "2 frames": a count and its noun, plural when it is not 1.
    public static func counted(_ n: Int, _ noun: String) -> String { SpringyCore.counted(n, noun) }

    /// The candidate closest to a misspelt `word`, when one is close enough to suggest.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        SpringyCore.suggestion(for: word, among: candidates)
    }

    /// GitHub Actions' workflow commands (`::error file=…::…`): what makes text safe in them.
    public enum Workflow {
        /// Text printed in a workflow's log that must not be read as a command (`::` defused).
        public static func neutralized(_ text: String) -> String { WorkflowText.neutralized(text) }
        /// A command's message (`%`, CR and LF escaped).
        public static func data(_ text: String) -> String { WorkflowText.data(text) }
        /// A command's property, such as `file=` (also `:` and `,` escaped).
        public static func property(_ text: String) -> String { WorkflowText.property(text) }
    }
}

extension Problems {
    /// Whether `error` already names its file and line (`file:line:column: …`), so a front end
    /// prints it as it is, without a prefix of its own.
    public static func isLocated(_ error: Error) -> Bool { error is LocatedError }
}
