import Foundation

/// Ctrl-C during training: the first SIGINT asks training to stop after the current iteration
/// (the best model so far is still written, atomically); a second one aborts at once with
/// status 130, as an uncaught SIGINT would.
enum Interruption {
    /// Set by the signal handler; read once per iteration.
    nonisolated(unsafe) private static var count: sig_atomic_t = 0

    static var requested: Bool { count > 0 }

    static func install() {
        // A parent may have started this process with SIGINT blocked (the mask is inherited):
        // unblock it, or Ctrl-C would never reach the handler.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupt, nil)
        signal(SIGINT) { _ in
            if Interruption.count > 0 { _exit(130) }
            Interruption.count = 1
            // write(2) is async-signal-safe; FileHandle and print are not.
            let message: StaticString = "\ninterrupt: stopping after this iteration and writing the best model so far; press Ctrl-C again to abort\n"
            _ = message.withUTF8Buffer { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
