/// Springy's own version: what `springy --version` prints and what each golden set records.
public enum SpringyVersion {
    public static let current = "0.1.0"
}
