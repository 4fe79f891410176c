import SpringyCore
import SpringyDynamics

/// The format's key tables, every context once, in the order docs/SCENE-FORMAT.md documents
/// them: the document has one generated block per table (SceneFormatReferenceTests holds the two
/// equal), so a table added here without its block, or a block whose table is gone, fails.
package enum SceneFormat {
    package static var tables: [KeyTable] {
        TopLevelKeys.all + CollectionKeys.all
            + BehaviorKind.allCases.flatMap { [$0.spec.keys] + $0.spec.partKeys } + [ItemProperties.keys]
            + ScriptKeys.all + AnimationKeys.all
    }
}
