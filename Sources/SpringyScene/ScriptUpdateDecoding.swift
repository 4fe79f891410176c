import SpringyCore
import SpringyYAML

extension ScriptDecoder {
    /// `update`: performBatchUpdates. Index paths are checked for form here; whether they
    /// name cells is checked when the update runs, against the data as it is then.
    func decodeUpdate(_ v: YAMLValue, references: ItemReferences) throws -> BatchUpdate {
        guard let layout = references.layout else { throw v.error("update changes a collection's data, and this scene has none") }
        let m = try v.mapping(ScriptKeys.update)
        func path(_ e: YAMLValue) throws -> ItemPath {
            let s = try e.string()
            guard let ip = ItemPath(string: s) else { throw e.error("expected a cell \"section.item\", found \"\(s)\"") }
            return ip
        }
        func section(_ e: YAMLValue) throws -> Int { try e.int(min: 0, max: limits.maxItems) }
        func pair<T>(_ e: YAMLValue, _ read: (YAMLValue) throws -> T) throws -> (T, T) {
            let l = try e.list()
            guard l.count == 2 else { throw e.error("a move is [from, to], found \(l.count) values") }
            return (try read(l[0]), try read(l[1]))
        }
        var u = BatchUpdate()
        if let x = m["delete"] { u.delete = try x.list().map(path) }
        if let x = m["insert"] {
            // A cell "section.item", or { at, label } for one that carries its label.
            for e in try x.list() {
                if case .mapping = e.node {
                    let em = try e.mapping(allowed: ["at", "label"])
                    u.insert.append(try path(try em.require("at")))
                    u.insertLabels.append(try em["label"]?.string())
                } else {
                    u.insert.append(try path(e))
                    u.insertLabels.append(nil)
                }
            }
        }
        if let x = m["reload"] { u.reload = try x.list().map(path) }
        if let x = m["move"] { u.move = try x.list().map { try pair($0, path) }.map { BatchUpdate.Move(from: $0.0, to: $0.1) } }
        if let x = m["delete_sections"] { u.deleteSections = try x.list().map(section) }
        if let x = m["reload_sections"] { u.reloadSections = try x.list().map(section) }
        if let x = m["move_sections"] {
            u.moveSections = try x.list().map { try pair($0, section) }.map { BatchUpdate.Move(from: $0.0, to: $0.1) }
        }
        if let x = m["insert_sections"] {
            var total = 0
            // A section as under `sections` (the same keys, one decoder), and where it goes.
            u.insertSections = try x.list().map { e in
                let spec = try collections.decodeSection(e, layout: layout, total: &total, extraKeys: ["at"])
                let at = try section(try e.mapping(allowed: CollectionDecoder.sectionKeys + ["at"]).require("at"))
                return BatchUpdate.SectionInsert(at: at, section: spec)
            }
        }
        u.animated = try m["animated"]?.bool() ?? true
        if u.isEmpty {
            throw v.error(
                "an update needs at least one of insert, delete, move, reload, insert_sections, delete_sections, move_sections, reload_sections"
            )
        }
        return u
    }
}
