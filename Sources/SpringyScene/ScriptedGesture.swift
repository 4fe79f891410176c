import SpringyCore
import SpringyYAML

/// A scripted input that is one file (SpringyScene/Gestures/<Name>.swift): its action key, its
/// key table, how it is read and how it plays — `start(on:event:)`, the input it starts on the
/// simulation (a `GestureStage`). springy-generate registers it from its `static var action:
/// ScriptGestureName { .name }` (ScriptedGestures+Generated.swift): no list, switch or table
/// elsewhere names it.
package protocol ScriptedGesture: Sendable {
    /// Its action key (`tilt` for `- at: 1, tilt: {...}`): the case springy-generate makes.
    static var action: ScriptGestureName { get }
    /// Its keys, `script[].<action>`: SCENE-FORMAT's table and the decoder's checks.
    static var keys: KeyTable { get }
    /// Tables of its parts (`script[].touches.fingers[]`), none by default.
    static var partKeys: [KeyTable] { get }
    /// Plays it for the script's `event`: starts its input on `stage` (or acts at once).
    func start(on stage: any GestureStage, event: ScriptEvent)
}

extension ScriptedGesture {
    package static var partKeys: [KeyTable] { [] }
}

/// How the decoder reads a `ScriptedGesture` (in the gesture's own file).
protocol GestureDecoding: ScriptedGesture {
    /// Reads it from its mapping, already checked against `keys`.
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> Self
}

extension ItemReferences {
    /// The free view a gesture names with `item` (cells move with their collection).
    func freeView(_ m: YAMLMapping, what: String) throws -> String? {
        guard let i = m["item"] else { return nil }
        let name = try check(i)
        if ItemPath(string: name) != nil { throw i.error("\(what) acts on a free view by name; cells move with the content") }
        return name
    }
}
