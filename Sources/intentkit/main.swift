import IntentKitCommandLine

IntentKitCommand.main()
