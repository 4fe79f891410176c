import SpringyCore

/// A scripted input that is its own file: its action key, its key table and how it is read
/// here (SpringyScene/Gestures/<Name>.swift), how it plays in the simulation's (a
/// `PlayedGesture` in SpringySimulation). springy-generate registers it on both sides from its
/// `static var action: ScriptGestureName { .name }` (ScriptedGestures+Generated.swift): no list,
/// switch or table elsewhere names it.
package protocol ScriptedGesture: Sendable {
    /// Its action key (`tilt` for `- at: 1, tilt: {...}`): the case springy-generate makes.
    static var action: ScriptGestureName { get }
    /// Its keys, `script[].<action>`: SCENE-FORMAT's table and the decoder's checks.
    static var keys: KeyTable { get }
}

/// How the decoder reads a `ScriptedGesture` (in the gesture's own file).
protocol GestureDecoding: ScriptedGesture {
    /// Reads it from its mapping, already checked against `keys`.
    static func decode(_ m: YAMLMapping, references: ItemReferences) throws -> Self
}
