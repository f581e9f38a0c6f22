extension EverydayRequests {
    /// The everyday requests of `language` (BCP 47), lowercased as spoken: French, German and
    /// Spanish have their own, written for IntentKit (fewer than English's); any other language none.
    package static func requests(for language: String?) -> [String] {
        switch languageCode(language) {
        case "en": english
        case "fr": french
        case "de": german
        case "es": spanish
        default: []
        }
    }

    /// The function words of `language`, as ``functionWords`` are English's; English's for any other.
    static func functionWords(for language: String?) -> [String] {
        switch languageCode(language) {
        case "fr": frenchFunctionWords
        case "de": germanFunctionWords
        case "es": spanishFunctionWords
        default: functionWords
        }
    }

    /// A BCP 47 tag's language, lowercased ("de-AT": "de"); "en" when there is none.
    static func languageCode(_ language: String?) -> String {
        guard let language, let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first, !code.isEmpty else { return "en" }
        return code.lowercased()
    }

    static let french: [String] = frenchText.split(separator: "\n").map(String.init)
    static let german: [String] = germanText.split(separator: "\n").map(String.init)
    static let spanish: [String] = spanishText.split(separator: "\n").map(String.init)

    private static let frenchFunctionWords: [String] = """
        le la les l un une des du de d au aux et ou mais donc ni car si que qu qui quoi quel quelle quels quelles où comment pourquoi
        quand combien ce cet cette ces c ça ceci cela en y à avec sans pour par sur sous dans chez je j me m moi tu te t toi il elle on
        nous vous ils elles se s lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos est suis es sommes êtes sont était
        être ai as a avons avez ont avoir ne n pas plus s'il est-ce
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private static let germanFunctionWords: [String] = """
        der die das den dem des ein eine einen einem einer eines und oder aber denn wenn dass ob als wie was wer wen wem wo wann warum
        mit ohne für durch gegen um an auf in im am aus bei beim nach von vom zu zum zur über unter vor ich mich mir du dich dir er sie
        es wir uns ihr euch sich mein meine meinen meinem meiner dein deine sein seine unser unsere bin bist ist sind war habe hast hat
        haben kann kannst muss will soll möchte nicht kein keine noch schon bitte
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private static let spanishFunctionWords: [String] = """
        el la los las un una unos unas lo y o pero si que qué quien quién cual cuál donde dónde como cómo cuando cuándo cuánto cuánta
        cuántos cuántas por para con sin sobre en de del al a yo me mí tú te ti él ella nosotros ellos ellas usted se le les mi mis tu
        tus su sus nuestro nuestra es soy son está estoy están era ser estar he has ha hay no más muy ya
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private static let frenchText = """
    est-ce qu'il va pleuvoir cet après-midi
    quel temps fera-t-il samedi
    est-ce qu'un orage arrive ce week-end
    quelle est la météo pour la semaine prochaine à lyon
    il fait combien dehors en ce moment
    est-ce qu'il va neiger à la montagne cette nuit
    à quelle heure se couche le soleil aujourd'hui
    combien de jours avant noël
    quelle heure est-il à tokyo
    réveille-moi à six heures et demie demain
    mets une alarme tous les jours de la semaine à sept heures
    rappelle-moi d'arroser les plantes vendredi
    ajoute une réunion avec l'équipe à quinze heures
    est-ce que je suis libre lundi après-midi
    appelle le bureau
    envoie un texto à ma sœur pour lui dire que j'arrive
    lis-moi mes derniers courriels
    mets de la musique relaxante au piano
    monte un peu le volume
    passe à la chanson suivante
    reprends le livre audio que j'écoutais
    mets la radio locale
    allume la lumière du salon
    éteins la télé dans la chambre des enfants
    règle le thermostat sur vingt degrés
    ferme les volets du bureau
    lance l'aspirateur robot dans le couloir
    allume la machine à café
    itinéraire vers l'aéroport
    combien de temps pour aller au centre-ville en voiture
    est-ce qu'il y a des bouchons sur l'autoroute
    où est la pharmacie la plus proche
    réserve un taxi pour dix-sept heures
    à quelle heure part le prochain bus
    trouve un hôtel près de la gare
    quelle est la capitale de l'australie
    qui a écrit les misérables
    quand a eu lieu la révolution française
    combien d'os dans le corps humain
    quelle est la hauteur du mont blanc
    qui a inventé le téléphone
    pourquoi le ciel est bleu
    combien font douze fois trente
    convertis cinq miles en kilomètres
    comment on dit merci en japonais
    que veut dire éphémère
    donne-moi un synonyme de heureux
    raconte-moi une blague
    comment ça va aujourd'hui
    tu es vraiment génial
    merci pour ton aide
    chante-moi une chanson
    pile ou face
    choisis un nombre entre un et dix
    qui a gagné le match hier soir
    quelles sont les nouvelles du jour
    combien vaut l'action apple
    paie ma facture d'électricité
    quel est le solde de ma carte de crédit
    commande des croquettes pour le chien
    combien de pas j'ai fait aujourd'hui
    combien de calories dans une pomme
    prends rendez-vous chez le dentiste
    trouve un cours de yoga près de chez moi
    quels films passent au cinéma ce soir
    recommande-moi un bon livre
    mets une comédie à la télé
    prends une photo
    publie une story
    baisse la luminosité de l'écran
    active le mode avion
    où ai-je garé ma voiture
    combien coûte un litre de lait
    quand ferme la bibliothèque
    la banque est-elle ouverte samedi
    comment déboucher un évier
    comment faire un nœud de cravate
    aide-moi à réviser mon examen de biologie
    """

    private static let germanText = """
    brauche ich heute nachmittag einen regenschirm
    wie warm wird es am samstag
    kommt am wochenende ein sturm
    wie ist die wettervorhersage für nächste woche in hamburg
    wie windig ist es gerade draußen
    schneit es heute nacht in den bergen
    wann geht heute die sonne unter
    wie viele tage noch bis weihnachten
    wie spät ist es in tokio
    weck mich morgen um halb sieben
    stell einen wecker für jeden werktag um sieben
    erinnere mich am freitag daran die pflanzen zu gießen
    trag ein meeting mit dem team um drei ein
    habe ich montag nachmittag zeit
    ruf das büro an
    schreib meiner schwester dass ich später komme
    lies mir meine neuesten e-mails vor
    spiel entspannende klaviermusik
    mach ein bisschen lauter
    nächstes lied bitte
    setz das hörbuch fort das ich gehört habe
    spiel den lokalen radiosender
    schalte das licht im wohnzimmer ein
    mach den fernseher im kinderzimmer aus
    stell die heizung auf zwanzig grad
    schließ die rollläden im büro
    starte den saugroboter im flur
    schalte die kaffeemaschine ein
    navigiere zum flughafen
    wie lange fahre ich in die innenstadt
    gibt es stau auf der autobahn
    wo ist die nächste apotheke
    bestell ein taxi für siebzehn uhr
    wann fährt der nächste bus
    finde ein hotel in der nähe vom bahnhof
    was ist die hauptstadt von australien
    wer hat faust geschrieben
    wann fiel die berliner mauer
    wie viele knochen hat der mensch
    wie hoch ist die zugspitze
    wer hat das telefon erfunden
    warum ist der himmel blau
    was ist zwölf mal dreißig
    rechne fünf meilen in kilometer um
    was heißt danke auf japanisch
    was bedeutet vergänglich
    nenn mir ein anderes wort für glücklich
    erzähl mir einen witz
    wie geht es dir heute
    du bist echt toll
    danke für deine hilfe
    sing mir ein lied vor
    kopf oder zahl
    such dir eine zahl zwischen eins und zehn aus
    wer hat gestern abend gewonnen
    was gibt es neues heute
    wie steht die apple aktie
    bezahl meine stromrechnung
    wie hoch ist meine kreditkartenabrechnung
    bestell hundefutter nach
    wie viele schritte bin ich heute gegangen
    wie viele kalorien hat ein apfel
    mach einen termin beim zahnarzt
    finde einen yogakurs in meiner nähe
    welche filme laufen heute abend im kino
    empfiehl mir ein gutes buch
    mach eine komödie im fernsehen an
    mach ein foto
    poste eine story
    stell den bildschirm dunkler
    schalte den flugmodus ein
    wo habe ich mein auto geparkt
    was kostet ein liter milch
    wann schließt die bibliothek
    hat die bank am samstag offen
    wie bekomme ich den abfluss frei
    wie bindet man eine krawatte
    hilf mir beim lernen für die biologieprüfung
    """

    private static let spanishText = """
    va a llover esta tarde
    qué temperatura hará el sábado
    viene una tormenta este fin de semana
    cuál es el pronóstico para la semana que viene en sevilla
    cuánto viento hace ahora mismo
    nevará esta noche en la sierra
    a qué hora se pone el sol hoy
    cuántos días faltan para navidad
    qué hora es en tokio
    despiértame mañana a las seis y media
    pon una alarma todos los días laborables a las siete
    recuérdame regar las plantas el viernes
    añade una reunión con el equipo a las tres
    estoy libre el lunes por la tarde
    llama a la oficina
    escribe a mi hermana que llego tarde
    léeme mis últimos correos
    pon música relajante de piano
    sube un poco el volumen
    pasa a la siguiente canción
    sigue con el audiolibro que estaba escuchando
    pon la radio local
    enciende la luz del salón
    apaga la tele del cuarto de los niños
    pon la calefacción a veinte grados
    baja las persianas de la oficina
    pon en marcha el robot aspirador en el pasillo
    enciende la cafetera
    cómo llego al aeropuerto
    cuánto tardo en coche al centro
    hay atasco en la autopista
    dónde está la farmacia más cercana
    pide un taxi para las cinco de la tarde
    a qué hora sale el próximo autobús
    busca un hotel cerca de la estación
    cuál es la capital de australia
    quién escribió el quijote
    cuándo terminó la guerra civil
    cuántos huesos tiene el cuerpo humano
    qué altura tiene el everest
    quién inventó el teléfono
    por qué el cielo es azul
    cuánto es doce por treinta
    convierte cinco millas a kilómetros
    cómo se dice gracias en japonés
    qué significa efímero
    dame un sinónimo de feliz
    cuéntame un chiste
    cómo estás hoy
    eres genial
    gracias por tu ayuda
    cántame una canción
    cara o cruz
    elige un número entre uno y diez
    quién ganó el partido anoche
    cuáles son las noticias de hoy
    a cuánto está la acción de apple
    paga la factura de la luz
    cuánto debo en la tarjeta de crédito
    pide más pienso para el perro
    cuántos pasos he dado hoy
    cuántas calorías tiene una manzana
    pide cita con el dentista
    busca una clase de yoga cerca de mí
    qué películas ponen esta noche en el cine
    recomiéndame un buen libro
    pon una comedia en la tele
    haz una foto
    publica una historia
    baja el brillo de la pantalla
    activa el modo avión
    dónde aparqué el coche
    cuánto cuesta un litro de leche
    a qué hora cierra la biblioteca
    abre el banco el sábado
    cómo desatasco el fregadero
    cómo se hace el nudo de la corbata
    ayúdame a estudiar para el examen de biología
    """
}
