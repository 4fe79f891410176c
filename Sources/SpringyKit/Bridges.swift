import SpringyGolden
import SpringyOutput
import SpringyPipeline

// The library's enums and the engine's, bridged case by case in exhaustive switches: a case
// added on one side only is a compile error here, never a trap at run time (a bridge by
// `rawValue)!` built and then died with "Unexpectedly found nil"). One set of types, used by the
// engine and the library alike, replaces these (issue 44).

extension RecordMode {
    var model: SpringyGolden.RecordMode {
        switch self {
        case .all: .all
        case .missing: .missing
        case .failed: .failed
        case .never: .never
        }
    }
}

extension PlotQuantity {
    var model: SpringyPipeline.PlotQuantity {
        switch self {
        case .x: .x
        case .y: .y
        case .speed: .speed
        case .offset: .offset
        }
    }
}

extension VideoCodec {
    var model: VideoSink.Codec {
        switch self {
        case .h264: .h264
        case .hevc: .hevc
        case .vp9: .vp9
        case .prores: .prores
        }
    }

    init(_ model: VideoSink.Codec) {
        switch model {
        case .h264: self = .h264
        case .hevc: self = .hevc
        case .vp9: self = .vp9
        case .prores: self = .prores
        }
    }
}

extension PNGOptions.Filter {
    var model: PNGSettings.Filter {
        switch self {
        case .none: .none
        case .sub: .sub
        case .up: .up
        case .avg: .avg
        case .paeth: .paeth
        case .all: .all
        }
    }

    init(_ model: PNGSettings.Filter) {
        switch model {
        case .none: self = .none
        case .sub: self = .sub
        case .up: self = .up
        case .avg: self = .avg
        case .paeth: self = .paeth
        case .all: self = .all
        }
    }
}

extension PNGOptions.Strategy {
    var model: PNGSettings.Strategy {
        switch self {
        case .default: .default
        case .filtered: .filtered
        case .huffman: .huffman
        case .rle: .rle
        case .fixed: .fixed
        }
    }

    init(_ model: PNGSettings.Strategy) {
        switch model {
        case .default: self = .default
        case .filtered: self = .filtered
        case .huffman: self = .huffman
        case .rle: self = .rle
        case .fixed: self = .fixed
        }
    }
}
