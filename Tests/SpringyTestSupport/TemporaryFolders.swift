import Foundation
import XCTest

/// Every folder `temporaryDirectory` made, removed when its test ends (an XCTest observer), or
/// when the process exits (tests outside XCTest): a run of the suite leaves nothing behind in
/// the system's temporary folder (issue 44; `scripts/test` checks it).
final class TemporaryFolders: NSObject, XCTestObservation, Sendable {
    static let shared: TemporaryFolders = {
        let folders = TemporaryFolders()
        XCTestObservationCenter.shared.addTestObserver(folders)
        atexit { TemporaryFolders.shared.removeAll() }
        return folders
    }()

    private let made = Locked<[String]>([])

    func add(_ path: String) { made.update { $0.append(path) } }

    func removeAll() {
        var paths: [String] = []
        made.update {
            paths = $0; $0 = []
        }
        for p in paths { try? FileManager.default.removeItem(atPath: p) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) { removeAll() }
}
