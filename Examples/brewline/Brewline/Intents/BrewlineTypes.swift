import AppIntents

enum Drink: String, AppEnum {
    case latte, cappuccino, flatWhite, espresso, americano, coldBrew, chaiLatte, hotChocolate

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Drink"
    static var caseDisplayRepresentations: [Drink: DisplayRepresentation] = [
        .latte: "Latte",
        .cappuccino: DisplayRepresentation(title: "Cappuccino", synonyms: ["cappucino", "capp"]),
        .flatWhite: "Flat White",
        .espresso: DisplayRepresentation(title: "Espresso", synonyms: ["shot of espresso"]),
        .americano: "Americano",
        .coldBrew: DisplayRepresentation(title: "Cold Brew", synonyms: ["iced coffee"]),
        .chaiLatte: DisplayRepresentation(title: "Chai Latte", synonyms: ["chai"]),
        .hotChocolate: DisplayRepresentation(title: "Hot Chocolate", synonyms: ["cocoa"]),
    ]
}

enum DrinkSize: String, AppEnum {
    case small, medium, large

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
    static var caseDisplayRepresentations: [DrinkSize: DisplayRepresentation] = [
        .small: DisplayRepresentation(title: "Small", synonyms: ["tall"]),
        .medium: DisplayRepresentation(title: "Medium", synonyms: ["regular", "grande"]),
        .large: DisplayRepresentation(title: "Large", synonyms: ["venti", "big"]),
    ]
}

enum Milk: String, AppEnum {
    case whole, skim, oat, almond, soy

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Milk"
    static var caseDisplayRepresentations: [Milk: DisplayRepresentation] = [
        .whole: "Whole Milk",
        .skim: DisplayRepresentation(title: "Skim Milk", synonyms: ["nonfat milk"]),
        .oat: "Oat Milk",
        .almond: "Almond Milk",
        .soy: "Soy Milk",
    ]
}

/// A store the user has visited, looked up by the app at run time.
struct StoreEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Store"
    static var defaultQuery = StoreQuery()

    var id: String
    var name: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}
