extension GeneralVocabulary {
    /// The everyday words of `language` (BCP 47: "fr", "de-AT", "es-MX"): French, German and
    /// Spanish have their own, every other language English's.
    static func words(for language: String?) -> [String] {
        switch EverydayRequests.languageCode(language) {
        case "fr": french
        case "de": german
        case "es": spanish
        default: words
        }
    }

    /// French words no assistant domain owns, as ``words`` are English's: written for IntentKit.
    static let french: [String] = frenchText.split(whereSeparator: \.isWhitespace).map(String.init)
    /// German's.
    static let german: [String] = germanText.split(whereSeparator: \.isWhitespace).map(String.init)
    /// Spanish's.
    static let spanish: [String] = spanishText.split(whereSeparator: \.isWhitespace).map(String.init)

    private static let frenchText = """
    le la les un une des du de au aux et ou mais donc or ni car si alors parce que qui quoi quel
    quelle quels quelles dont où comment pourquoi quand combien ce cet cette ces ceci cela ça voici
    voilà ici là-bas avec sans pour par sur sous dans entre vers chez depuis pendant avant après
    contre selon malgré je me moi tu te toi il elle on nous vous ils elles se soi lui leur leurs mon
    ma mes ton ta tes son sa ses notre nos votre vos quelqu'un quelque chose personne rien tout tous
    toute toutes chaque aucun aucune plusieurs certains autre autres même est suis es sommes êtes
    sont était étais été être ai as a avons avez ont avait eu avoir fait faire fais peux peut
    pouvoir veux veut vouloir dois doit devoir sais sait savoir ne pas plus jamais toujours souvent
    parfois encore déjà aussi très trop peu beaucoup assez bien mal vraiment peut-être presque
    seulement surtout plutôt maintenant aujourd'hui hier demain bientôt tard tôt longtemps ensuite
    enfin puis hélas bref oui non merci bonjour bonsoir salut coucou au revoir pardon désolé
    d'accord ok super génial cool sympa bravo bof ouais euh hein waouh bon mauvais meilleur pire
    content triste fâché fatigué heureux malade occupé drôle bizarre étrange fou intelligent bête
    gentil méchant poli timide calme nerveux beau belle joli moche grand petit gros mince vieux
    jeune nouveau chaud froid tiède mouillé sec dur mou facile difficile lourd léger sombre clair
    bruyant silencieux rapide lent propre sale riche pauvre cher vrai faux important possible
    différent pareil spécial normal célèbre penser croire sentir aimer adorer détester espérer
    comprendre apprendre enseigner étudier lire écrire parler dire raconter demander répondre
    expliquer décrire discuter choisir essayer gagner perdre arriver devenir sembler regarder voir
    écouter entendre toucher tenir porter apporter prendre donner mettre aller venir partir rester
    rentrer marcher courir sauter nager voler conduire s'asseoir dormir rêver manger boire vendre
    payer coûter dépenser emprunter prêter construire casser réparer couper grandir jeter attraper
    tomber lever bouger tourner montrer cacher chercher trouver rencontrer visiter inviter suivre
    aider travailler jouer reposer rire sourire pleurer crier chanter danser dessiner peindre
    compter mesurer comparer imaginer créer inventer découvrir voyager attendre commencer finir
    arrêter continuer changer oublier philosophie sens vie mort univers monde terre planète lune
    soleil étoile ciel espace science histoire art musique poésie roman conte blague devinette
    vérité mensonge secret mystère question problème idée raison avis corps tête visage œil yeux
    oreille nez bouche dent langue cheveux main bras jambe pied doigt genou dos peau sang os santé
    médecin infirmière hôpital médicament fièvre toux grippe douleur bébé enfant garçon fille homme
    femme gens famille parents mère père maman papa frère sœur fils mari épouse oncle tante cousin
    grand-mère grand-père ami amie voisin patron professeur élève roi reine président policier
    avocat juge fermier serveur pilote artiste chanteur acteur écrivain savant ingénieur robot
    ordinateur clavier souris écran imprimante logiciel internet site mot de passe courriel compte
    réseau batterie chargeur prise lampe ampoule frigo four canapé chaise bureau lit oreiller
    couverture rideau tapis sol mur plafond toit fenêtre porte escalier jardin garage cave grenier
    salle chambre maison appartement immeuble tour pont château église école université bibliothèque
    musée théâtre cinéma stade zoo parc plage forêt désert montagne colline vallée rivière lac mer
    océan île volcan grotte champ ferme village ville pays nation frontière capitale rue route
    avenue quartier météo climat saison printemps été automne hiver pluie neige vent orage tonnerre
    éclair brouillard nuage arc-en-ciel glace feu eau air fumée poussière boue sable pierre métal or
    argent fer bois papier verre plastique couleur rouge orange jaune vert bleu violet rose marron
    noir blanc gris animal chien chat chiot chaton cheval vache cochon mouton chèvre poule canard
    lapin souris oiseau perroquet hibou aigle poisson requin baleine dauphin grenouille serpent
    tortue insecte araignée abeille fourmi papillon lion tigre ours loup renard singe éléphant
    girafe zèbre chameau kangourou pingouin dinosaure dragon licorne fantôme monstre extraterrestre
    vampire sorcier sorcière fée géant héros nourriture repas petit-déjeuner déjeuner dîner goûter
    dessert pain fromage œuf viande bœuf porc jambon riz pâtes salade sandwich pizza frites gâteau
    bonbon chocolat sel poivre sauce miel confiture fruit pomme banane raisin citron fraise cerise
    pêche poire melon ananas légume tomate carotte oignon ail champignon café thé jus bière vin
    bouteille tasse assiette bol cuillère fourchette couteau vêtements chemise pantalon jean robe
    jupe veste manteau pull chapeau écharpe gant chaussette chaussure botte ceinture cravate poche
    bague collier montre sac portefeuille parapluie clé boîte panier cadeau jouet ballon poupée jeu
    puzzle carte dés échecs sport football basket tennis golf hockey rugby boxe ski surf vélo course
    match équipe joueur entraîneur arbitre but point vainqueur champion médaille trophée prix argent
    impôt facture dette prêt banque pièce salaire travail métier entreprise marché magasin client
    produit usine économie bourse réunion projet rapport tâche vacances voyage aventure billet
    passeport valise bagages aéroport gare train bus taxi voiture camion moto bateau navire avion
    fusée moteur roue essence circulation accident vitesse distance kilomètre mètre kilo gramme
    litre degré nombre zéro deux trois quatre cinq six sept huit neuf dix onze douze vingt trente
    cent mille million moitié quart douzaine paire couple heure minute seconde jour semaine mois an
    année siècle matin après-midi soir soirée nuit minuit midi week-end lundi mardi mercredi jeudi
    vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre octobre
    novembre décembre langue anglais français espagnol allemand chinois japonais mot lettre phrase
    grammaire dictionnaire livre magazine journal article chapitre page titre auteur poème chanson
    album groupe concert radio télé émission film série épisode chaîne nouvelles vidéo photo image
    dessin peinture statue mode style maquillage parfum savon shampooing serviette brosse miroir
    guerre paix armée arme épée bataille ennemi crime voleur prison loi règle liberté justice
    élection vote gouvernement parti politique pouvoir énergie nature environnement pollution arbre
    fleur herbe feuille racine graine rose tulipe cactus buisson branche
    """

    private static let germanText = """
    der die das ein eine einen einem einer eines und oder aber denn sondern wenn dann weil dass ob
    als wie was wer wen wem wessen welche welcher welches wo wann warum wieso weshalb wohin woher
    dies diese dieser dieses hier dort da mit ohne für durch gegen um an auf in im am aus bei nach
    von vom zu zum zur über unter vor hinter neben zwischen seit während bis ich mich mir du dich
    dir er sie es wir uns ihr euch ihnen sich mein meine dein deine sein seine unser unsere euer
    eure jemand etwas niemand nichts alles alle jeder jede jedes kein keine manche viele wenige
    andere anderen selbst bin bist ist sind seid war waren gewesen sein habe hast hat haben habt
    hatte gehabt werde wird werden wurde kann kannst können muss musst müssen will willst wollen
    soll sollen darf dürfen mag möchte nicht nie immer oft manchmal noch schon auch sehr zu wenig
    viel genug gut schlecht wirklich vielleicht fast nur besonders eher jetzt heute gestern morgen
    bald spät früh lange später endlich dann danach ja nein danke bitte hallo servus tschüss moin
    guten tag abend entschuldigung sorry okay klar super toll cool prima schade hm äh naja wow
    besser beste schlechter froh traurig wütend müde glücklich krank beschäftigt lustig komisch
    seltsam verrückt klug dumm nett gemein höflich schüchtern ruhig nervös schön hübsch hässlich
    groß klein dick dünn alt jung neu heiß kalt warm nass trocken hart weich leicht schwer dunkel
    hell laut leise schnell langsam sauber schmutzig reich arm teuer billig wahr falsch wichtig
    möglich anders gleich besonders normal berühmt denken glauben fühlen lieben mögen hassen hoffen
    verstehen lernen lehren studieren lesen schreiben sprechen sagen erzählen fragen antworten
    erklären beschreiben diskutieren wählen versuchen gewinnen verlieren passieren werden scheinen
    schauen sehen hören zuhören fühlen halten tragen bringen nehmen geben legen stellen gehen kommen
    fahren bleiben laufen rennen springen schwimmen fliegen sitzen schlafen träumen essen trinken
    kaufen verkaufen bezahlen kosten ausgeben leihen bauen brechen reparieren schneiden wachsen
    werfen fangen fallen heben bewegen drehen zeigen verstecken suchen finden treffen besuchen
    einladen folgen helfen arbeiten spielen ausruhen lachen lächeln weinen schreien singen tanzen
    zeichnen malen zählen messen vergleichen erfinden entdecken reisen warten anfangen beginnen
    aufhören weitermachen ändern vergessen erinnern philosophie sinn leben tod universum welt erde
    planet mond sonne stern himmel weltraum wissenschaft geschichte kunst musik gedicht roman
    märchen witz rätsel wahrheit lüge geheimnis frage problem idee grund meinung körper kopf gesicht
    auge augen ohr nase mund zahn zunge haare hand arm bein fuß finger knie rücken haut blut knochen
    gesundheit arzt ärztin krankenschwester krankenhaus medizin fieber husten grippe schmerzen baby
    kind junge mädchen mann frau leute familie eltern mutter vater mama papa bruder schwester sohn
    tochter ehemann ehefrau onkel tante cousin oma opa freund freundin nachbar chef lehrer schüler
    könig königin präsident polizist anwalt richter bauer kellner pilot künstler sänger schauspieler
    schriftsteller ingenieur roboter computer tastatur maus bildschirm drucker software internet
    webseite passwort konto netzwerk akku ladegerät steckdose lampe glühbirne kühlschrank ofen sofa
    stuhl tisch bett kissen decke vorhang teppich boden wand dach fenster tür treppe garten garage
    keller dachboden zimmer haus wohnung gebäude turm brücke schloss kirche schule universität
    bibliothek museum theater kino stadion zoo park strand wald wüste berg hügel tal fluss see meer
    ozean insel vulkan höhle feld bauernhof dorf stadt land grenze hauptstadt straße weg platz
    viertel wetter klima jahreszeit frühling sommer herbst winter regen schnee wind sturm gewitter
    donner blitz nebel wolke regenbogen eis feuer wasser luft rauch staub schlamm sand stein metall
    gold silber eisen holz papier glas plastik farbe rot orange gelb grün blau lila rosa braun
    schwarz weiß grau tier hund katze welpe kätzchen pferd kuh schwein schaf ziege huhn ente hase
    maus vogel papagei eule adler fisch hai wal delfin frosch schlange schildkröte insekt spinne
    biene ameise schmetterling löwe tiger bär wolf fuchs affe elefant giraffe zebra kamel känguru
    pinguin dinosaurier drache einhorn gespenst monster außerirdischer vampir zauberer hexe fee
    riese held essen mahlzeit frühstück mittagessen abendessen nachtisch brot käse ei fleisch rind
    schwein schinken reis nudeln salat sandwich pizza pommes kuchen bonbon schokolade salz pfeffer
    soße honig marmelade obst apfel banane traube zitrone erdbeere kirsche pfirsich birne melone
    ananas gemüse tomate karotte zwiebel knoblauch pilz kaffee tee saft bier wein flasche tasse
    teller schüssel löffel gabel messer kleidung hemd hose jeans kleid rock jacke mantel pullover
    hut mütze schal handschuh socke schuh stiefel gürtel krawatte tasche ring kette uhr geldbörse
    regenschirm schlüssel kiste korb geschenk spielzeug ball puppe spiel puzzle karte würfel schach
    sport fußball basketball tennis golf eishockey rugby boxen skifahren surfen radfahren rennen
    spiel mannschaft spieler trainer schiedsrichter tor punkt sieger meister medaille pokal preis
    geld steuer rechnung schulden kredit bank münze gehalt arbeit beruf firma markt laden kunde
    produkt fabrik wirtschaft börse besprechung projekt bericht aufgabe urlaub ferien reise
    abenteuer ticket reisepass koffer gepäck flughafen bahnhof zug bus taxi auto lastwagen motorrad
    boot schiff flugzeug rakete motor rad benzin verkehr unfall geschwindigkeit entfernung kilometer
    meter kilo gramm liter grad zahl null zwei drei vier fünf sechs sieben acht neun zehn elf zwölf
    zwanzig dreißig hundert tausend million hälfte viertel dutzend paar stunde minute sekunde woche
    monat jahr jahrhundert vormittag nachmittag nacht mitternacht mittag wochenende montag dienstag
    mittwoch donnerstag freitag samstag sonntag januar februar märz april mai juni juli august
    september oktober november dezember sprache englisch französisch spanisch deutsch chinesisch
    japanisch wort buchstabe satz grammatik wörterbuch buch zeitschrift zeitung artikel kapitel
    seite titel autor gedicht lied album band konzert radio fernsehen sendung film serie folge kanal
    nachrichten video foto bild zeichnung gemälde statue mode stil schminke parfüm seife shampoo
    handtuch zahnbürste spiegel krieg frieden armee waffe schwert schlacht feind verbrechen dieb
    gefängnis gesetz regel freiheit gerechtigkeit wahl regierung partei politik macht energie natur
    umwelt verschmutzung baum blume gras blatt wurzel samen rose tulpe kaktus busch ast
    """

    private static let spanishText = """
    el la los las un una unos unas lo y o pero sino si entonces porque que qué quien quién cual cuál
    cuales donde dónde como cómo cuando cuándo cuanto cuánto por para este esta estos estas ese esa
    eso esto aquel aquí allí allá con sin sobre bajo entre hacia hasta desde durante antes después
    contra según en de del al yo me mí tú te ti él ella nosotros nosotras vosotros ellos ellas usted
    ustedes se le les mi mis tu tus su sus nuestro nuestra vuestro alguien algo nadie nada todo
    todos toda todas cada ninguno ninguna varios otro otra otros mismo es soy eres somos son era
    eras fue sido ser estoy está estamos están estaba estar he has ha hemos han había haber hago
    hace hacer puedo puede poder quiero quiere querer debo debe deber sé sabe saber tengo tiene
    tener voy va ir no nunca siempre a menudo a veces todavía ya también muy demasiado poco mucho
    bastante bien mal realmente quizás tal vez casi solo sobre todo más menos ahora hoy ayer mañana
    pronto tarde temprano luego después finalmente sí gracias hola buenos buenas días noches adiós
    chao perdón lo siento vale okey claro genial guay estupendo bravo eh vaya uf bueno malo mejor
    peor contento triste enfadado cansado feliz enfermo ocupado gracioso raro extraño loco listo
    tonto amable grosero educado tímido tranquilo nervioso bonito guapo feo grande pequeño gordo
    delgado viejo joven nuevo caliente frío tibio mojado seco duro blando fácil difícil pesado
    ligero oscuro claro ruidoso silencioso rápido lento limpio sucio rico pobre caro barato
    verdadero falso importante posible diferente igual especial normal famoso pensar creer sentir
    amar querer odiar esperar entender aprender enseñar estudiar leer escribir hablar decir contar
    preguntar responder explicar describir discutir elegir intentar ganar perder pasar llegar
    parecer mirar ver escuchar oír tocar sostener llevar traer tomar dar poner ir venir salir
    quedarse caminar correr saltar nadar volar conducir sentarse dormir soñar comer beber comprar
    vender pagar costar gastar prestar construir romper arreglar cortar crecer tirar atrapar caer
    levantar mover girar mostrar esconder buscar encontrar conocer visitar invitar seguir ayudar
    trabajar jugar descansar reír sonreír llorar gritar cantar bailar dibujar pintar medir comparar
    imaginar crear inventar descubrir viajar empezar terminar parar continuar cambiar olvidar
    recordar filosofía sentido vida muerte universo mundo tierra planeta luna sol estrella cielo
    espacio ciencia historia arte música poesía novela cuento chiste adivinanza verdad mentira
    secreto misterio pregunta problema idea razón opinión cuerpo cabeza cara ojo ojos oreja nariz
    boca diente lengua pelo mano brazo pierna pie dedo rodilla espalda piel sangre hueso salud
    médico enfermera hospital medicina fiebre tos gripe dolor bebé niño niña chico chica hombre
    mujer gente familia padres madre padre mamá papá hermano hermana hijo hija marido esposa tío tía
    primo abuela abuelo amigo amiga vecino jefe profesor alumno rey reina presidente policía abogado
    juez granjero camarero piloto artista cantante actor escritor ingeniero robot ordenador
    computadora teclado ratón pantalla impresora programa internet página contraseña cuenta red
    batería cargador enchufe lámpara bombilla nevera horno sofá silla mesa cama almohada manta
    cortina alfombra suelo pared techo ventana puerta escalera jardín garaje sótano habitación casa
    piso edificio torre puente castillo iglesia escuela universidad biblioteca museo teatro cine
    estadio zoo parque playa bosque desierto montaña colina valle río lago mar océano isla volcán
    cueva campo granja pueblo ciudad país nación frontera capital calle carretera avenida barrio
    tiempo clima estación primavera verano otoño invierno lluvia nieve viento tormenta trueno
    relámpago niebla nube arcoíris hielo fuego agua aire humo polvo barro arena piedra metal oro
    plata hierro madera papel vidrio plástico color rojo naranja amarillo verde azul morado rosa
    marrón negro blanco gris animal perro gato cachorro gatito caballo vaca cerdo oveja cabra
    gallina pato conejo ratón pájaro loro búho águila pez tiburón ballena delfín rana serpiente
    tortuga insecto araña abeja hormiga mariposa león tigre oso lobo zorro mono elefante jirafa
    cebra camello canguro pingüino dinosaurio dragón unicornio fantasma monstruo extraterrestre
    vampiro mago bruja hada gigante héroe comida desayuno almuerzo cena merienda postre pan queso
    huevo carne ternera cerdo jamón arroz pasta ensalada bocadillo pizza patatas pastel caramelo
    chocolate sal pimienta salsa miel mermelada fruta manzana plátano uva limón fresa cereza
    melocotón pera melón piña verdura tomate zanahoria cebolla ajo champiñón café té zumo cerveza
    vino botella taza plato cuenco cuchara tenedor cuchillo ropa camisa pantalones vaqueros vestido
    falda chaqueta abrigo jersey sombrero gorra bufanda guante calcetín zapato bota cinturón corbata
    bolsillo anillo collar reloj bolso cartera paraguas llave caja cesta regalo juguete pelota
    muñeca juego rompecabezas carta dados ajedrez deporte fútbol baloncesto tenis golf hockey rugby
    boxeo esquí surf ciclismo carrera partido equipo jugador entrenador árbitro gol punto ganador
    campeón medalla trofeo premio dinero impuesto factura deuda préstamo banco moneda sueldo trabajo
    empleo empresa mercado tienda cliente producto fábrica economía bolsa reunión proyecto informe
    tarea vacaciones viaje aventura billete pasaporte maleta equipaje aeropuerto estación tren
    autobús taxi coche camión moto barco avión cohete motor rueda gasolina tráfico accidente
    velocidad distancia kilómetro metro kilo gramo litro grado número cero dos tres cuatro cinco
    seis siete ocho nueve diez once doce veinte treinta cien mil millón mitad cuarto docena par hora
    minuto segundo día semana mes año siglo mañana mediodía noche medianoche fin lunes martes
    miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto
    septiembre octubre noviembre diciembre idioma inglés francés español alemán chino japonés
    palabra letra frase gramática diccionario libro revista periódico artículo capítulo página
    título autor poema canción álbum grupo concierto radio televisión programa película serie
    episodio canal noticias vídeo foto imagen dibujo cuadro estatua moda estilo maquillaje perfume
    jabón champú toalla cepillo espejo guerra paz ejército arma espada batalla enemigo crimen ladrón
    cárcel ley regla libertad justicia elección voto gobierno partido política poder energía
    naturaleza ambiente contaminación árbol flor hierba hoja raíz semilla rosa tulipán cactus
    arbusto rama
    """
}
