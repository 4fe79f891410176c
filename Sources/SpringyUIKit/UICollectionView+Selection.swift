import Foundation

// Selection, as UIKit's collection view does it: a tap on a cell (the finger lifts within 10 pt
// of where it landed, on content that was not moving) selects it, asking the delegate first and
// telling it after; with `allowsMultipleSelection` a tap on a selected cell deselects it, else a
// tap selects that cell alone. Selection by code (`selectItem`, `deselectItem`) tells nobody.

extension UICollectionView {
    /// selectItem(at:animated:scrollPosition:).
    func select(_ indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for ip in selected { setSelected(false, ip) }
            return
        }
        guard allowsSelection, isValid(indexPath) else { return }
        if !allowsMultipleSelection { for ip in selected where ip != indexPath { setSelected(false, ip) } }
        setSelected(true, indexPath)
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// indexPathForItem(at:): the cell drawn on top where cells overlap.
    func item(at point: CGPoint) -> IndexPath? {
        prepareLayout()
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
        var best: UICollectionViewLayoutAttributes?
        for a in collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
        where a.representedElementCategory == .cell && a.indexPath.count == 2 && !a.isHidden
            && a.frame.offsetBy(dx: -rows.offset(a.indexPath.section), dy: 0).contains(point)
        {
            if best == nil || a.zIndex >= best!.zIndex { best = a }
        }
        return best?.indexPath
    }

    /// A tap at `point` (the window's coordinates): UIKit's selection rules, the delegate asked
    /// and told.
    func tapped(at point: CGPoint) {
        guard allowsSelection, let ip = indexPathForItem(at: convert(point, from: nil)) else { return }
        let delegate = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection, selected.contains(ip) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: ip) ?? true else { return }
            setSelected(false, ip)
            delegate?.collectionView(self, didDeselectItemAt: ip)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
        if !allowsMultipleSelection {
            for other in selected where other != ip {
                setSelected(false, other)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        setSelected(true, ip)
        delegate?.collectionView(self, didSelectItemAt: ip)
    }

    /// An item the data source has (a section out of range has no items).
    func isValid(_ ip: IndexPath) -> Bool { ip.count == 2 && ip.item >= 0 && ip.item < numberOfItems(inSection: ip.section) }

    func setSelected(_ on: Bool, _ ip: IndexPath) {
        if on {
            if !selected.contains(ip) { selected.append(ip) }
        } else {
            selected.removeAll { $0 == ip }
        }
        cellForItem(at: ip)?.isSelected = on
    }
}
