/// Common English words no assistant domain owns: the everyday words of chit-chat, questions
/// about the world and requests for apps that are not there. Generated out-of-scope utterances
/// (``OutOfScopeNoise``) draw from them, as Snips NLU drew its noise intent from a general word
/// list, so the classifier learns that talk made of them is no intent's. Written for IntentKit;
/// grouped loosely by kind.
enum GeneralVocabulary {
    static let words: [String] = text.split(whereSeparator: \.isWhitespace).map(String.init)

    private static let text = """
    the a an and or but if then so because than that this these those there here what which who whom
    whose why how when where whether while until since about above across after against along among
    around at before behind below beneath beside between beyond by down during except for from in
    inside into like near of off on onto out outside over past through throughout to toward under
    underneath up upon with within without i me my mine myself you your yours yourself he him his
    himself she her hers herself it its itself we us our ours ourselves they them their theirs
    themselves one ones someone somebody something anyone anybody anything everyone everybody
    everything nobody nothing none each every either neither both all any some many much more most
    few less least several other another such same own is am are was were be been being have has had
    having do does did doing done will would shall should can could may might must ought not no yes
    very too also just only even still already almost quite rather really actually maybe perhaps
    probably certainly definitely always never often sometimes usually seldom ever again once twice
    soon later now today yesterday tomorrow tonight ago early late long short far away back forward
    together apart alone else instead anyway however therefore though although unless whenever
    wherever whatever whoever well oh hey hello hi bye goodbye thanks thank please sorry okay ok sure
    yeah nope wow hmm um uh huh ha haha lol cool nice great awesome fine good bad better best worse
    worst happy sad angry tired bored hungry thirsty sleepy sick busy lazy funny silly weird strange
    crazy smart stupid dumb clever wise kind mean rude polite friendly lonely scared afraid brave
    proud shy calm nervous excited surprised worried curious honest lucky ugly beautiful pretty
    handsome cute big small large little huge tiny tall old young new fresh hot cold warm cool wet dry
    hard soft easy difficult simple heavy light dark bright loud quiet quick slow fast clean dirty
    rich poor cheap expensive free full empty open closed true false real fake right wrong important
    possible impossible different similar special normal common rare famous popular public private
    whole half main real final first last next previous second third single double ancient modern
    know think believe feel want need like love hate wish hope mean guess suppose understand remember
    forget learn teach study read write speak say tell talk ask answer explain describe discuss argue
    agree disagree decide choose try fail succeed win lose happen become seem appear look see watch
    hear listen smell taste touch hold carry bring take give get put keep let make go come leave stay
    arrive return walk run jump climb swim fly drive ride sit stand lie sleep wake dream eat drink cook
    bake boil fry wash dress wear buy sell pay cost spend save borrow lend own use build break fix cut
    grow plant pick throw catch kick hit push pull drop fall rise lift move turn shake wave point show
    hide find search lose miss meet visit invite join follow lead help support protect attack fight
    kill die live born marry divorce work play rest relax enjoy laugh smile cry shout whisper sing
    dance draw paint count measure compare imagine create invent discover explore travel wander
    wonder worry bother annoy surprise shock scare please promise refuse deny admit allow forbid
    prevent avoid begin start finish end stop continue change stay wait hurry rush belong contain
    include matter mind care exist prove solve add subtract multiply divide define translate spell
    pronounce mention repeat recommend suggest prefer deserve pretend realize recognize notice
    consider expect happen solve invent philosophy meaning life death universe world earth planet moon
    sun star sky space galaxy science history art music poetry novel story joke riddle fact truth lie
    secret mystery question problem idea reason purpose point sense opinion belief religion god soul
    mind brain heart body head face eye ear nose mouth tooth teeth tongue hair hand arm leg foot feet
    finger knee back skin blood bone health doctor nurse hospital medicine pill fever cough cold flu
    pain headache disease virus cure diet vitamin exercise yoga gym muscle weight height age birthday
    baby child kid boy girl man woman person people family parent mother father mom dad brother sister
    son daughter husband wife uncle aunt cousin grandmother grandfather grandma grandpa friend
    neighbor boss teacher student classmate stranger guest king queen prince princess president
    politician soldier police lawyer judge farmer chef waiter pilot sailor artist singer actor writer
    scientist engineer programmer robot computer laptop keyboard mouse screen printer software
    hardware internet website password email account login virus bug code program algorithm data
    database server cloud network wifi router cable battery charger plug socket lamp bulb switch
    fridge oven stove microwave kettle toaster dishwasher sofa couch chair table desk bed pillow
    blanket curtain carpet floor wall ceiling roof window door stairs garden yard fence garage
    basement attic kitchen bathroom bedroom room house home apartment building tower bridge castle
    palace church temple school college university library museum theater cinema stadium zoo park
    beach forest jungle desert mountain hill valley river lake sea ocean island volcano cave field
    farm village town city country nation continent border capital street road avenue corner
    neighborhood weather climate season spring summer autumn fall winter rain snow wind storm thunder
    lightning fog cloud rainbow ice fire water air smoke dust mud sand rock stone metal gold silver
    iron wood paper glass plastic cotton wool leather rubber color red orange yellow green blue purple
    pink brown black white gray grey animal dog cat puppy kitten horse cow pig sheep goat chicken duck
    goose rabbit mouse rat hamster bird parrot owl eagle fish shark whale dolphin frog snake turtle
    lizard insect spider bee ant fly butterfly lion tiger bear wolf fox deer monkey elephant giraffe
    zebra camel kangaroo penguin dinosaur dragon unicorn ghost monster alien vampire zombie wizard
    witch fairy giant hero villain food meal breakfast lunch dinner snack dessert bread butter cheese
    egg milk cream yogurt meat beef pork chicken bacon sausage ham fish rice pasta noodle soup salad
    sandwich burger pizza taco sushi curry steak fries chips cookie cake pie candy chocolate sugar
    salt pepper spice sauce honey jam fruit apple banana orange grape lemon strawberry cherry peach
    pear melon watermelon pineapple mango vegetable potato tomato carrot onion garlic lettuce cabbage
    bean pea corn mushroom nut coffee tea juice water soda beer wine whiskey cocktail bottle cup mug
    glass plate bowl spoon fork knife pan pot clothes shirt pants jeans dress skirt jacket coat
    sweater hat cap scarf glove sock shoe boot sneaker belt tie pocket button zipper ring necklace
    earring watch bag wallet purse umbrella key lock box basket gift present toy ball doll game puzzle
    card dice chess sport football soccer basketball baseball tennis golf hockey cricket rugby
    boxing skiing surfing cycling race match team player coach referee score goal point winner loser
    champion medal trophy prize money price tax bill debt loan bank coin cash salary job career office
    company business market shop store mall customer product service factory industry economy stock
    trade deal contract meeting project report plan task goal deadline schedule holiday vacation trip
    journey adventure tour ticket passport suitcase luggage airport station train bus taxi car truck
    bike bicycle motorcycle boat ship plane rocket engine wheel tire fuel gas oil petrol traffic
    accident crash speed distance mile kilometer meter inch foot pound kilogram gram liter gallon
    degree number zero one two three four five six seven eight nine ten eleven twelve twenty thirty
    hundred thousand million billion half quarter dozen pair couple time second minute hour day week
    month year decade century morning afternoon evening night midnight noon weekend monday tuesday
    wednesday thursday friday saturday sunday january february march april may june july august
    september october november december language english french spanish german chinese japanese
    word letter sentence grammar dictionary book magazine newspaper article chapter page title
    author poem song album band concert radio television tv show movie film series episode channel
    news video photo picture camera image drawing painting sculpture statue design fashion style
    beauty makeup perfume soap shampoo towel toothbrush mirror comb war peace army weapon gun sword
    bomb battle enemy crime thief prison law rule right freedom justice election vote government
    party policy power energy nature environment pollution recycling climate ocean tree flower grass
    leaf root seed rose tulip daisy cactus bush wood branch fruit
    """
}
