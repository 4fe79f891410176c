/// Springy's own version: what `springy --version` prints and what each golden set records.
package enum SpringyVersion {
    package static let current = "0.1.0"
}
