import Foundation
import SpringyCore
import SpringyDynamics
import SpringyYAML

/// A UIDynamicItemGroup: `groups: { name: [item, item, ...] }`.
package struct ItemGroupSpec: Sendable {
    package var name: String
    package var members: [String]
    package var line: Int
}

extension SceneDecoder {
    func decodeGroups(_ v: YAMLValue, items: [FreeItemSpec]) throws -> [ItemGroupSpec] {
        guard case .mapping(let raw) = v.node else { throw v.error("expected a mapping of group names to lists of items") }
        var out: [ItemGroupSpec] = []
        for (k, node) in raw {
            let key = try YAMLValue(node: k, path: v.path, context: v.context)
            let name = try key.string()
            if items.contains(where: { $0.name == name }) || out.contains(where: { $0.name == name })
                || ItemPath(string: name) != nil
            {
                throw key.error("group name \"\(name)\" is already an item's or a group's")
            }
            let list = try v.child(node, name)
            var members: [String] = []
            for e in try list.list() {
                let member = try e.string()
                guard items.contains(where: { $0.name == member }) else {
                    let hint = suggestion(for: member, among: items.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
                    throw e.error("no item named \"\(member)\"\(hint)")
                }
                if members.contains(member) || out.contains(where: { $0.members.contains(member) }) {
                    throw e.error("\"\(member)\" is in a group already: an item belongs to one group at most")
                }
                members.append(member)
            }
            if members.isEmpty { throw list.error("a group needs at least one item") }
            out.append(ItemGroupSpec(name: name, members: members, line: list.line))
        }
        return out
    }

    /// UIKit raises when a group's item is added to a behavior on its own: behaviors name the group.
    func checkGroupMembers(_ groups: [ItemGroupSpec], behaviors: [BehaviorDecl], script: [ScriptEvent]) throws {
        guard !groups.isEmpty else { return }
        func check(_ spec: BehaviorSpec, file line: Int, path: String) throws {
            for id in spec.referencedItems {
                if let g = groups.first(where: { $0.members.contains(id) }) {
                    throw SceneError(
                        file: file, line: line, column: 1, keyPath: path,
                        message:
                            "\"\(id)\" is in group \"\(g.name)\": a behavior acts on the group (\(g.name)), not on its items one by one"
                    )
                }
            }
        }
        for b in behaviors { try check(b.spec, file: b.line, path: b.path) }
        for e in script {
            if case .addBehavior(let spec) = e.action { try check(spec, file: e.line, path: e.path) }
            if case .animate(let a) = e.action,
                a.targets.contains(where: { $0.property == .center })
                    || a.keyframes.contains(where: { $0.targets.contains { $0.property == .center } }),
                let id = a.views.first(where: { v in groups.contains { $0.members.contains(v) } })
            {
                throw SceneError(
                    file: file, line: e.line, column: 1, keyPath: e.path,
                    message: "\"\(id)\" moves with its item group: an animation cannot move its centre (animate its transform)")
            }
        }
    }
}
