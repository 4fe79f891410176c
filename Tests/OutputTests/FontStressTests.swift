import CCairo
import Foundation
import SpringyRender
import SpringyScene
import SpringyTestSupport
import XCTest

/// Text drawn on several threads at once: Cairo's scaled-font caches must never be shared
/// across threads in a way Cairo forbids (each thread draws with its own font face).
final class FontStressTests: XCTestCase {
    func testManyThreadsDrawingTextAtManySizesNeverAbort() throws {
        let threads = 4, rounds = 1500
        let done = DispatchGroup()
        let failures = Locked<[String]>([])
        for t in 0..<threads {
            done.enter()
            let worker = Thread {
                defer { done.leave() }
                do {
                    for r in 0..<rounds {
                        let canvas = try Canvas(width: 64, height: 32, opaque: true)
                        let cr = cairo_create(canvas.surface)!
                        cairo_set_font_face(cr, try PinnedFont.face())
                        // Many sizes: many scaled fonts, so Cairo's caches fill and evict while others draw.
                        cairo_set_font_size(cr, 4 + Double((r * 7 + t * 13) % 997) / 10)
                        cairo_move_to(cr, 2, 24)
                        cairo_show_text(cr, "Cell (\(t), \(r)) ÄÖÜ 0123456789")
                        cairo_destroy(cr)
                    }
                } catch { failures.update { $0.append("\(error)") } }
            }
            worker.start()
        }
        done.wait()
        XCTAssertEqual(failures.value, [])
    }
}
