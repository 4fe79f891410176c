// A script event's action, by the key it is written with (`- at: 1, pan: {...}`): each name is
// written once, here, as a raw value; the decoders switch exhaustively over these, so a new
// action is a compile error until it is decoded, and its name is in every list and message.

/// The actions ScriptDecoder reads itself: gestures on one finger, the collection's updates and
/// the behaviors a script adds, sets and removes.
enum ScriptActionName: String, CaseIterable {
    case pan, tap, insert, delete, select
    case longPress = "long_press"
    case snap, push, set, add, remove
    case scrollTo = "scroll_to"
    case scrollToItem = "scroll_to_item"
    case swipe, update, reorder
}

// Gestures that are a file of their own (`ScriptedGesture`, in Gestures/: pinch, rotate,
// touches, edge_pan, add_velocity, double_tap, tilt) are named by the generated
// `ScriptGestureName`.

/// View animations and the control of named property animators (AnimationDecoder).
enum AnimationActionName: String, CaseIterable {
    case animate
    case animateKeyframes = "animate_keyframes"
    case animator, swiftui
    case pauseAnimator = "pause_animator"
    case continueAnimator = "continue_animator"
    case reverseAnimator = "reverse_animator"
    case scrubAnimator = "scrub_animator"
    case stopAnimator = "stop_animator"
}
