import ArgumentParser
import IntentKitCorpus

/// Lets `--format` and `--to` take the corpus format names.
typealias CorpusFormatArgument = CorpusFormat

extension CorpusFormat: ExpressibleByArgument {}
