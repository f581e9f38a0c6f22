/// A stretch of time: "from 3 to 5pm", "this weekend", "tonight", "july 13-15"; or an open one:
/// "before 5pm" has only an end, "after friday" only a start.
///
/// The end is exclusive, as Duckling has it: the first moment after the interval. An end said
/// as a time or a day covers its whole grain, so "from 3 to 5pm" ends at 18:00 and "july 13-15"
/// at the start of July 16. An open interval's bound is the moment said ("before 5pm" ends at
/// 17:00, "after friday" starts at Friday 00:00 with a day grain: add the grain to start after
/// it).
public struct DateTimeInterval: Hashable, Sendable, CustomStringConvertible {
    /// The first moment, `nil` for an interval open towards the past ("before 5pm").
    public var start: CalendarDateTime?
    /// The first moment after the interval, `nil` for one open towards the future ("after friday").
    public var end: CalendarDateTime?
    /// The finer of the two bounds' grains.
    public var grain: DateTimeGrain

    public init(start: CalendarDateTime?, end: CalendarDateTime?, grain: DateTimeGrain) {
        self.start = start
        self.end = end
        self.grain = grain
    }

    /// ISO 8601 interval notation, `..` for an open bound: `2026-11-22T15:00/2026-11-22T18:00`,
    /// `../2026-11-22T17:00`, `2026-11-27/..`.
    public var description: String {
        (start?.description ?? "..") + "/" + (end?.description ?? "..")
    }
}
