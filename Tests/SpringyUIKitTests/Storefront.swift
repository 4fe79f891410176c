import Foundation
import SpringyUIKit

/// scenes/compositional.yaml as an iOS engineer writes it: a featured row that pages one centred
/// group at a time, a two-column grid, a shelf that scrolls freely and a row that pages by the
/// view's width, under headers that span the view.
enum Storefront {
    /// The view controller: its four sections' items under the layout.
    static func make() -> Composed { Composed([6, 4, 12, 4], layout) }

    static func layout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { section, _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group: NSCollectionLayoutGroup
            var behavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
            switch section {
            case 0:
                group = .horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(190)),
                    subitems: [item])
                behavior = .groupPagingCentered
            case 1:
                group = .horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)),
                    repeatingSubitem: item, count: 2)
                group.interItemSpacing = .fixed(10)
            case 2:
                group = .horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)),
                    subitems: [item])
                behavior = .continuous
            default:
                group = .horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
                    subitems: [item])
                behavior = .paging
            }
            let made = NSCollectionLayoutSection(group: group)
            made.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
            made.interGroupSpacing = 10
            made.orthogonalScrollingBehavior = behavior
            made.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(34)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            ]
            // The scene file's headers span the view.
            made.supplementariesFollowContentInsets = false
            return made
        }
    }
}

/// A collection view of `counts` items under a compositional layout `make` builds, with
/// registered cells, headers and footers; taps are recorded.
final class Composed: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    let make: @Sendable () -> UICollectionViewCompositionalLayout
    var counts: [Int]
    var collectionView: UICollectionView!
    var selections: [IndexPath] = []

    init(_ counts: [Int], _ make: @escaping @Sendable () -> UICollectionViewCompositionalLayout) {
        self.counts = counts
        self.make = make
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: make())
        collectionView.register(UICollectionViewCell.init(frame:), forCellWithReuseIdentifier: "cell")
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            collectionView.register(
                UICollectionReusableView.init(frame:), forSupplementaryViewOfKind: kind, withReuseIdentifier: "s")
        }
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "s", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selections.append(indexPath)
    }
}
