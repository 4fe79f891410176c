import ArgumentParser

/// Every path a command is given must name something. An empty one (`--out ""`, most often an
/// unset `$OUT` in a CI script) would otherwise be joined into `/<scene>/…` or `/index.html`:
/// writes at the root of the file system. Refused before any work (exit 2).
func refuseEmptyPaths(_ paths: [(flag: String, value: String?)], scenes: [String] = []) throws {
    for (flag, value) in paths where value?.isEmpty == true {
        throw ValidationError("\(flag) is empty: name a folder or a file (an unset shell variable gives an empty value)")
    }
    if scenes.contains("") { throw ValidationError("a scene path is empty: name a scene file") }
}
