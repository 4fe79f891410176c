extension String {
    /// The text of a C buffer that holds a NUL-terminated string (a message a C call wrote).
    package init(cBuffer chars: [CChar]) {
        self.init(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
