import CBox2D

/// The rigid-body engine as loaded: Box2D's own `b2_version` (Debian's libbox2d).
package enum EngineVersion {
    package static var box2D: String {
        var v: [Int32] = [0, 0, 0]
        sb_version(&v)
        return "\(v[0]).\(v[1]).\(v[2])"
    }
}
