/// `intentkit` as a C function of the Python wheel's shared library (scripts/build-wheel),
/// called by the wheel's small launcher executable with the process's arguments, which the Swift
/// runtime reads itself: returns 0 when the command succeeds; on failure the command exits with
/// its status, as the `intentkit` executable does.
@_cdecl("ik_main")
public func commandLineMain() -> Int32 {
    IntentKitCommand.main()
    return 0
}
