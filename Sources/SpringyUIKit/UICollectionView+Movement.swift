import Foundation

/// An item being moved interactively (`beginInteractiveMovementForItem(at:)`): where it was in the
/// data, where it shows now, the point it follows, and how the other items' places read while it
/// moves — what shows at a place is the data's item moved there.
struct InteractiveMovement {
    let original: IndexPath
    var current: IndexPath
    var position: CGPoint

    /// The data's index path of what shows at `ip`.
    func dataPath(_ ip: IndexPath) -> IndexPath { Self.moving(ip, from: current, to: original) }
    /// Where the data's `ip` shows.
    func displayPath(_ ip: IndexPath) -> IndexPath { Self.moving(ip, from: original, to: current) }

    /// Where `ip` goes when the item at `from` is taken out and put back at `to` (the two ways
    /// between display and data are this move and its reverse).
    static func moving(_ ip: IndexPath, from: IndexPath, to: IndexPath) -> IndexPath {
        guard ip.count == 2 else { return ip }
        if ip == from { return to }
        var k = ip.item
        if ip.section == from.section && ip.item > from.item { k -= 1 }
        if ip.section == to.section && k >= to.item { k += 1 }
        return IndexPath(item: k, section: ip.section)
    }

    /// The moving item's attributes, where the layout puts it for the finger.
    func attributes(_ layout: UICollectionViewLayout) -> UICollectionViewLayoutAttributes {
        layout.layoutAttributesForInteractivelyMovingItem(at: current, withTargetPosition: position)
    }

    /// UICollectionView.beginInteractiveMovementForItem(at:).
    static func begin(_ cv: UICollectionView, at indexPath: IndexPath) -> Bool {
        guard cv.movement == nil, let dataSource = cv.dataSource, indexPath.count == 2, indexPath.section >= 0,
            indexPath.section < cv.numberOfSections, indexPath.item >= 0,
            indexPath.item < cv.numberOfItems(inSection: indexPath.section),
            dataSource.collectionView(cv, canMoveItemAt: indexPath)
        else { return false }
        cv.prepareLayout()
        let layout = cv.collectionViewLayout
        let start = layout.layoutAttributesForItem(at: indexPath)?.center ?? cv.cellForItem(at: indexPath)?.center ?? .zero
        cv.movement = InteractiveMovement(original: indexPath, current: indexPath, position: start)
        layout.invalidateLayout(
            with: layout.invalidationContext(
                forInteractivelyMovingItems: [indexPath], withTargetPosition: start, previousIndexPaths: [indexPath],
                previousPosition: start))
        cv.setNeedsLayout()
        return true
    }

    /// UICollectionView.updateInteractiveMovementTargetPosition(_:): where the layout (and the
    /// delegate) put the item, the others make room over UIKit's update animation; the moving
    /// one follows at once.
    static func update(_ cv: UICollectionView, _ targetPosition: CGPoint) {
        guard var m = cv.movement else { return }
        let layout = cv.collectionViewLayout
        let previous = m.current, previousPosition = m.position
        let proposed = layout.targetIndexPath(forInteractivelyMovingItem: previous, withPosition: targetPosition)
        let target =
            (cv.delegate as? any UICollectionViewDelegate)?.collectionView(
                cv, targetIndexPathForMoveOfItemFromOriginalIndexPath: m.original, atCurrentIndexPath: previous,
                toProposedIndexPath: proposed) ?? proposed
        m.position = targetPosition
        if target != previous, accepts(cv, target, movingFrom: previous) {
            // The cells shown keep their data; their places change.
            let data = cv.shown.map { m.dataPath($0.indexPath) }
            m.current = target
            relabel(cv, data.map(m.displayPath))
        }
        cv.movement = m
        layout.invalidateLayout(
            with: layout.invalidationContext(
                forInteractivelyMovingItems: [m.current], withTargetPosition: targetPosition, previousIndexPaths: [previous],
                previousPosition: previousPosition))
        if m.current != previous {
            UIView.animate(withDuration: UICollectionView.updateDuration) { cv.layoutIfNeeded() }
        } else {
            cv.setNeedsLayout()
        }
    }

    /// UICollectionView.endInteractiveMovement() and cancelInteractiveMovement(): the data
    /// source moves its data (a data source without `moveItemAt` ignores it, as UIKit's does),
    /// or the items go back; either way they settle, animated.
    static func finish(_ cv: UICollectionView, cancelled: Bool) {
        guard let m = cv.movement else { return }
        var back = cancelled
        if !cancelled, m.original != m.current, let dataSource = cv.dataSource {
            cv.moveIgnored = false
            dataSource.collectionView(cv, moveItemAt: m.original, to: m.current)
            back = cv.moveIgnored
        }
        let data = cv.shown.map { m.dataPath($0.indexPath) }
        cv.movement = nil
        cv.counts = nil
        if back {
            relabel(cv, data)
        } else if m.original != m.current {
            // The selection follows the moved item, as a batch move's does.
            cv.selected = cv.selected.map(m.displayPath)
        }
        let layout = cv.collectionViewLayout
        layout.invalidateLayout(
            with: layout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [back ? m.original : m.current], previousIndexPaths: [m.original], movementCancelled: back))
        UIView.animate(withDuration: UICollectionView.updateDuration) { cv.layoutIfNeeded() }
    }

    /// The shown cells take the index paths `paths` (in `shown`'s order).
    private static func relabel(_ cv: UICollectionView, _ paths: [IndexPath]) {
        for k in cv.shown.indices {
            cv.shown[k].indexPath = paths[k]
            cv.shown[k].cell.shownIndexPath = paths[k]
        }
    }

    /// Whether the moving item may show at `target`: in a section, within its items (one past the
    /// last in another section).
    private static func accepts(_ cv: UICollectionView, _ target: IndexPath, movingFrom current: IndexPath) -> Bool {
        guard target.count == 2, target.section >= 0, target.section < cv.numberOfSections, target.item >= 0 else {
            return false
        }
        let n = cv.numberOfItems(inSection: target.section)
        return target.section == current.section ? target.item < n : target.item <= n
    }
}
