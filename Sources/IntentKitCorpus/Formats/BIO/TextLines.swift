/// Splits decoded file text into lines, without the line breaks (`\n` or `\r\n`); a final line
/// break does not start an extra empty line.
///
/// Lines are split on Unicode scalars, not characters: Swift reads `\r\n` as one character, and
/// a combining mark after a space or tab joins it into one character, so splitting characters
/// would keep a CRLF file on one line and glue a word that starts with a combining mark to the
/// word before.
func textLines(_ text: String) -> [Substring] {
    var lines = [Substring]()
    var start = text.unicodeScalars.startIndex
    for index in text.unicodeScalars.indices where text.unicodeScalars[index] == "\n" {
        lines.append(Substring(text.unicodeScalars[start..<index]))
        start = text.unicodeScalars.index(after: index)
    }
    if start < text.unicodeScalars.endIndex { lines.append(Substring(text.unicodeScalars[start...])) }
    return lines.map { $0.unicodeScalars.last == "\r" ? Substring($0.unicodeScalars.dropLast()) : $0 }
}

/// Space- or tab-separated fields of a line, with the 1-based scalar column where each starts.
func fields(of line: Substring) -> [(text: Substring, column: Int)] {
    var result = [(Substring, Int)]()
    let scalars = line.unicodeScalars
    var start: String.UnicodeScalarView.Index?
    var startColumn = 1
    var column = 1
    for index in scalars.indices {
        let scalar = scalars[index]
        if scalar == " " || scalar == "\t" {
            if let begin = start { result.append((Substring(scalars[begin..<index]), startColumn)) }
            start = nil
        } else if start == nil {
            start = index
            startColumn = column
        }
        column += 1
    }
    if let begin = start { result.append((Substring(scalars[begin...]), startColumn)) }
    return result
}
