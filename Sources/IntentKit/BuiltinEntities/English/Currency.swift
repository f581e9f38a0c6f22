/// The currencies amounts of money are said in, by ISO 4217 code, with the names, symbols and
/// slang that name them in English. A name of several words is written with single spaces
/// between its normalised words ("hong kong dollars").
struct Currency {
    let code: String
    let names: [String]
    let symbols: [String]

    /// 53 currencies (bitcoin among them, by its common code BTC). A name two currencies share in everyday speech goes to the one most
    /// often meant ("dollar" to USD, "pound" to GBP, "peso" to MXN, "yen" and `¥` to JPY,
    /// "krone" to NOK, "dinar" to KWD, "riyal" to SAR); their own names tell the others apart
    /// ("canadian dollars", "egyptian pounds", "chilean pesos").
    static let all: [Currency] = [
        Currency(code: "USD", names: ["dollar", "dollars", "buck", "bucks", "us dollar", "us dollars", "american dollar", "american dollars", "usd"], symbols: ["$", "us$"]),
        Currency(code: "EUR", names: ["euro", "euros", "eur"], symbols: ["€"]),
        Currency(code: "GBP", names: ["pound", "pounds", "quid", "pound sterling", "pounds sterling", "british pound", "british pounds", "sterling", "sterlings", "gbp"], symbols: ["£"]),
        Currency(code: "JPY", names: ["yen", "japanese yen", "jpy"], symbols: ["¥"]),
        Currency(code: "CNY", names: ["yuan", "renminbi", "rmb", "chinese yuan", "cny"], symbols: ["元"]),
        Currency(code: "INR", names: ["rupee", "rupees", "indian rupee", "indian rupees", "inr", "rs"], symbols: ["₹"]),
        Currency(code: "CHF", names: ["franc", "francs", "swiss franc", "swiss francs", "chf"], symbols: []),
        Currency(code: "CAD", names: ["canadian dollar", "canadian dollars", "cad"], symbols: ["c$", "ca$"]),
        Currency(code: "AUD", names: ["australian dollar", "australian dollars", "aussie dollar", "aussie dollars", "aud"], symbols: ["a$", "au$"]),
        Currency(code: "NZD", names: ["new zealand dollar", "new zealand dollars", "nzd"], symbols: ["nz$"]),
        Currency(code: "HKD", names: ["hong kong dollar", "hong kong dollars", "hk dollar", "hk dollars", "hkd"], symbols: ["hk$"]),
        Currency(code: "SGD", names: ["singapore dollar", "singapore dollars", "sgd"], symbols: ["s$"]),
        Currency(code: "TWD", names: ["taiwan dollar", "taiwan dollars", "new taiwan dollar", "new taiwan dollars", "twd"], symbols: ["nt$"]),
        Currency(code: "MXN", names: ["peso", "pesos", "mexican peso", "mexican pesos", "mxn"], symbols: ["mx$"]),
        Currency(code: "ARS", names: ["argentine peso", "argentine pesos", "argentinian pesos", "ars"], symbols: []),
        Currency(code: "CLP", names: ["chilean peso", "chilean pesos", "clp"], symbols: []),
        Currency(code: "COP", names: ["colombian peso", "colombian pesos", "cop"], symbols: []),
        Currency(code: "PHP", names: ["philippine peso", "philippine pesos", "php"], symbols: ["₱"]),
        Currency(code: "BRL", names: ["real", "reais", "reals", "brazilian real", "brazilian reais", "brl"], symbols: ["r$"]),
        Currency(code: "RUB", names: ["ruble", "rubles", "rouble", "roubles", "russian ruble", "russian rubles", "rub"], symbols: ["₽"]),
        Currency(code: "KRW", names: ["won", "wons", "korean won", "south korean won", "krw"], symbols: ["₩"]),
        Currency(code: "SEK", names: ["krona", "kronor", "swedish krona", "swedish kronor", "swedish crown", "swedish crowns", "sek"], symbols: []),
        Currency(code: "NOK", names: ["krone", "kroner", "crown", "crowns", "norwegian krone", "norwegian kroner", "norwegian crown", "norwegian crowns", "nok"], symbols: []),
        Currency(code: "DKK", names: ["danish krone", "danish kroner", "danish crown", "danish crowns", "dkk"], symbols: []),
        Currency(code: "ISK", names: ["icelandic krona", "icelandic kronur", "isk"], symbols: []),
        Currency(code: "PLN", names: ["zloty", "zlotys", "zlotych", "zloties", "polish zloty", "pln"], symbols: ["zł"]),
        Currency(code: "CZK", names: ["koruna", "korunas", "korun", "czech koruna", "czech korunas", "czech crown", "czech crowns", "czk"], symbols: ["kč"]),
        Currency(code: "HUF", names: ["forint", "forints", "hungarian forint", "huf"], symbols: []),
        Currency(code: "RON", names: ["leu", "lei", "romanian leu", "romanian lei", "ron"], symbols: []),
        Currency(code: "BGN", names: ["lev", "leva", "bulgarian lev", "bgn"], symbols: []),
        Currency(code: "TRY", names: ["lira", "liras", "lire", "turkish lira", "turkish liras", "try"], symbols: ["₺"]),
        Currency(code: "ILS", names: ["shekel", "shekels", "sheqel", "sheqels", "new shekel", "new shekels", "israeli shekel", "israeli shekels", "ils", "nis"], symbols: ["₪"]),
        Currency(code: "ZAR", names: ["rand", "rands", "south african rand", "zar"], symbols: []),
        Currency(code: "AED", names: ["dirham", "dirhams", "uae dirham", "uae dirhams", "emirati dirham", "aed"], symbols: []),
        Currency(code: "MAD", names: ["moroccan dirham", "moroccan dirhams", "mad"], symbols: []),
        Currency(code: "SAR", names: ["riyal", "riyals", "saudi riyal", "saudi riyals", "sar"], symbols: []),
        Currency(code: "QAR", names: ["qatari riyal", "qatari riyals", "qar"], symbols: []),
        Currency(code: "KWD", names: ["dinar", "dinars", "kuwaiti dinar", "kuwaiti dinars", "kwd"], symbols: []),
        Currency(code: "JOD", names: ["jordanian dinar", "jordanian dinars", "jod"], symbols: []),
        Currency(code: "EGP", names: ["egyptian pound", "egyptian pounds", "egp"], symbols: []),
        Currency(code: "NGN", names: ["naira", "nairas", "nigerian naira", "ngn"], symbols: ["₦"]),
        Currency(code: "KES", names: ["shilling", "shillings", "kenyan shilling", "kenyan shillings", "kes"], symbols: []),
        Currency(code: "THB", names: ["baht", "thai baht", "thb"], symbols: ["฿"]),
        Currency(code: "VND", names: ["dong", "vietnamese dong", "vnd"], symbols: ["₫"]),
        Currency(code: "IDR", names: ["rupiah", "rupiahs", "indonesian rupiah", "idr"], symbols: []),
        Currency(code: "MYR", names: ["ringgit", "ringgits", "malaysian ringgit", "malaysian ringgits", "myr"], symbols: ["rm"]),
        Currency(code: "PKR", names: ["pakistani rupee", "pakistani rupees", "pkr"], symbols: []),
        Currency(code: "LKR", names: ["sri lankan rupee", "sri lankan rupees", "lkr"], symbols: []),
        Currency(code: "BDT", names: ["taka", "takas", "bangladeshi taka", "bdt"], symbols: ["৳"]),
        Currency(code: "UAH", names: ["hryvnia", "hryvnias", "hryvnya", "ukrainian hryvnia", "uah"], symbols: ["₴"]),
        Currency(code: "KZT", names: ["tenge", "kazakhstani tenge", "kzt"], symbols: ["₸"]),
        Currency(code: "GEL", names: ["lari", "georgian lari", "gel"], symbols: ["₾"]),
        Currency(code: "BTC", names: ["bitcoin", "bitcoins", "btc"], symbols: ["₿"]),
    ]

    /// Normalised name (words joined by single spaces) → ISO 4217 code.
    static let byName: WordTable<String> = {
        var table = [String: String]()
        for currency in all { for name in currency.names where table[name] == nil { table[name] = currency.code } }
        return WordTable(table)
    }()

    /// Symbol → ISO 4217 code; a symbol of letters and a sign ("us$", "r$") is read as two words.
    static let bySymbol: WordTable<String> = {
        var table = [String: String]()
        for currency in all { for symbol in currency.symbols where table[symbol] == nil { table[symbol] = currency.code } }
        return WordTable(table)
    }()

    /// The first words of the names ("new" of "new taiwan dollars").
    static let nameFirstWords = WordSet(all.flatMap(\.names).map { String($0.prefix { $0 != " " }) })

    /// The most words a name has ("new taiwan dollars").
    static let longestName = all.flatMap(\.names).map { $0.split(separator: " ").count }.max() ?? 1
}
