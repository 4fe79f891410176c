import Foundation

/// A batch update's supplementary views (headers, footers, your own kinds), as UIKit animates
/// them: a view whose section stays follows its section to its new index and place; one whose
/// section is deleted or reloaded, or that the layout names in
/// `indexPathsToDeleteForSupplementaryView(ofKind:)` or
/// `indexPathsToInsertForSupplementaryView(ofKind:)`, leaves — to the layout's
/// `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`, else fading out
/// where it is — and is removed when the animation ends; one that stays but ends out of view
/// moves to its new place, then goes. New ones are made inside the animation (starting at
/// `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`).
struct SupplementaryUpdate {
    /// Views that leave, with their kind and index path before the update.
    var leaving: [(kind: String, indexPath: IndexPath, view: UICollectionReusableView)] = []
    /// Views that stay but end out of view, with their index path after the update.
    var outgoing: [(kind: String, indexPath: IndexPath, view: UICollectionReusableView)] = []

    static func key(_ kind: String, _ indexPath: IndexPath) -> String { "\(kind)/\(indexPath)" }

    /// Re-keys the collection view's shown supplementary views through `newSection` (old section
    /// → new, for sections that stay and are not reloaded); those left over are leaving.
    init(_ cv: UICollectionView, newSection: [Int: Int], layout: UICollectionViewLayout) {
        var deleted: [String] = []
        var inserted: [String] = []
        // (Kinds in the order the views are shown: no dictionary is iterated.)
        var kinds: [String] = []
        for (_, view) in cv.shownSupplementary {
            if let kind = view.shownKind, !kinds.contains(kind) { kinds.append(kind) }
        }
        for kind in kinds {
            deleted += layout.indexPathsToDeleteForSupplementaryView(ofKind: kind).map { Self.key(kind, $0) }
            inserted += layout.indexPathsToInsertForSupplementaryView(ofKind: kind).map { Self.key(kind, $0) }
        }
        var staying: [(key: String, view: UICollectionReusableView)] = []
        for (key, view) in cv.shownSupplementary {
            guard let kind = view.shownKind, let ip = view.shownIndexPath else { continue }
            guard ip.count >= 1, let s = newSection[ip[0]], !deleted.contains(key) else {
                leaving.append((kind, ip, view))
                continue
            }
            var to = ip
            to[0] = s
            let newKey = Self.key(kind, to)
            guard !inserted.contains(newKey) else {
                leaving.append((kind, ip, view))
                continue
            }
            view.shownIndexPath = to
            staying.append((newKey, view))
        }
        cv.shownSupplementary = staying
    }

    /// Views that stay but are not among `arriving` (the elements in view after the update) go
    /// out of the collection view's shown views: they move to their new places, then go.
    mutating func sendOut(_ cv: UICollectionView, arriving: [UICollectionViewLayoutAttributes]) {
        let onScreen = arriving.compactMap { a in
            a.representedElementCategory == .supplementaryView ? a.representedElementKind.map { Self.key($0, a.indexPath) } : nil
        }
        var kept: [(key: String, view: UICollectionReusableView)] = []
        for entry in cv.shownSupplementary {
            if onScreen.contains(entry.key) {
                kept.append(entry)
            } else if let kind = entry.view.shownKind, let ip = entry.view.shownIndexPath {
                outgoing.append((kind, ip, entry.view))
            }
        }
        cv.shownSupplementary = kept
    }

    /// Inside the update's animation block: the views that go, to where they end.
    func animate(_ cv: UICollectionView, layout: UICollectionViewLayout) {
        for (kind, ip, view) in outgoing {
            guard let end = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: ip) else { continue }
            cv.place(view, end)
        }
        for (kind, ip, view) in leaving {
            view.leave(to: layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: ip))
        }
    }

    /// When the animation ends: the views that went are removed (unless a layout pass showed
    /// an outgoing one again meanwhile).
    func finish(_ cv: UICollectionView) {
        for (_, _, view) in leaving { view.removeFromSuperview() }
        for (_, _, view) in outgoing where !cv.shownSupplementary.contains(where: { $0.view === view }) {
            view.removeFromSuperview()
        }
    }
}
