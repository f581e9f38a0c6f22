/// Splits decoded file text into lines, without the line breaks (`\n` or `\r\n`); a final line
/// break does not start an extra empty line.
func textLines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { $0.last == "\r" ? $0.dropLast() : $0 }
}

/// White-space-separated fields of a line, with the 1-based scalar column where each starts.
func fields(of line: Substring) -> [(text: Substring, column: Int)] {
    var result = [(Substring, Int)]()
    var column = 1
    var start: String.Index?
    var startColumn = 1
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        if character == " " || character == "\t" {
            if let begin = start { result.append((line[begin..<index], startColumn)) }
            start = nil
        } else if start == nil {
            start = index
            startColumn = column
        }
        column += character.unicodeScalars.count
        index = line.index(after: index)
    }
    if let begin = start { result.append((line[begin...], startColumn)) }
    return result
}
