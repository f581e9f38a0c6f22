import Foundation

/// Everyday requests for what other apps and assistants do (weather, messages, music, travel,
/// trivia, small talk, devices…), written for IntentKit, a line each. A corpus without
/// out-of-scope examples learns its out-of-scope class from those unlike it, beside the generated
/// noise (``OutOfScopeNoise``): outlier exposure (Hendrycks, Mazeika and Dietterich, "Deep
/// Anomaly Detection with Outlier Exposure", ICLR 2019) teaches a classifier what lies outside
/// its classes from examples of elsewhere, which random words alone do not show. A request like
/// the corpus's is left out, so that an app for the weather does not learn its own requests as
/// out of scope: one that shares a keyword with the corpus (``sharingNoKeyword(_:with:)``) and,
/// with a sentence encoder, one as like the corpus as a typical request for its intents is
/// (``IntentFolds``).
package enum EverydayRequests {
    /// English requests, lowercased as spoken (other languages': ``requests(for:)``).
    static let english: [String] = text.split(separator: "\n").map(String.init)

    /// The requests of `requests` that share none of the corpus's keywords: a word other than a
    /// function word (``functionWords``) that at least ``keywordShare`` of one intent's
    /// utterances hold, read lowercased and without a plural's final "s". A keyword is what an
    /// intent is asked for by ("balance", "table", "text"); a word a few of a large corpus's
    /// utterances hold in passing ("party", "run") says little of what the request is for, and
    /// an everyday request that has it still teaches the class. In a small intent every word is
    /// a keyword.
    ///
    /// - Parameters:
    ///   - intents: each intent's utterances, each text once.
    ///   - language: the corpus's (BCP 47), whose function words (``functionWords(for:)``) are everyone's.
    static func sharingNoKeyword(_ requests: [String], with intents: [[String]], language: String? = nil) -> [String] {
        let function = Set(functionWords(for: language).map(folded))
        var keywords = Set<String>()
        for texts in intents where !texts.isEmpty {
            var counts = [String: Int]()
            for text in texts {
                for word in Set(words(of: text, language: language)) where !function.contains(word) { counts[word, default: 0] += 1 }
            }
            let least = keywordShare * Double(texts.count)
            for (word, count) in counts where Double(count) >= least { keywords.insert(word) }
        }
        return requests.filter { keywords.isDisjoint(with: words(of: $0, language: language)) }
    }

    /// The least share of an intent's utterances that hold a word for it to be the intent's keyword.
    static let keywordShare = 0.05

    /// The words of grammar every English request has: articles, pronouns, prepositions,
    /// auxiliaries and their contractions.
    static let functionWords: [String] = """
        a an the and or but if then so because than that this these those there here what which who whom whose why how when where
        whether while of to in on at by for from with about into onto over under up down out off as i me my mine myself you your
        yours yourself he him his she her hers it its we us our ours they them their theirs is am are was were be been being have
        has had do does did done will would shall should can could may might must not no yes please what's it's i'm i'd i'll
        don't can't let's that's there's
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// `text`'s words, lowercased and folded (``folded(_:)``). In English an apostrophe stays
    /// inside its word ("what's"); in another language it ends an elision ("l'heure": "l", "heure").
    static func words(of text: String, language: String? = nil) -> [String] {
        let keepsApostrophes = languageCode(language) == "en"
        return text.lowercased().split { !($0.isLetter || $0.isNumber || ($0 == "'" && keepsApostrophes)) }.map { folded(String($0)) }
    }

    /// A plural and its singular read alike.
    private static func folded(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") && !word.contains("'") ? String(word.dropLast()) : word
    }

    private static let text = """
    will i need an umbrella this afternoon
    how hot will it get on saturday
    is there a storm coming this weekend
    what's the forecast for next week in denver
    how windy is it outside right now
    will it snow in the mountains tonight
    what's the humidity today
    is it going to be sunny at the beach
    when does the sun set today
    what day of the week is the fourth of july this year
    how many days until christmas
    what's today's date
    what time is it in tokyo right now
    which time zone is chicago in
    wake me up at six thirty tomorrow
    cancel all my alarms
    snooze for ten more minutes
    set an alarm for every weekday at seven
    remind me to water the plants on friday
    don't let me forget the dentist appointment
    remind me to call the bank when i get home
    what's on my calendar for tomorrow morning
    schedule a meeting with the design team at three
    move my lunch with sarah to thursday
    am i free on monday afternoon
    delete the event called yoga class
    read my latest emails
    send an email to my boss saying i'm working from home
    do i have any unread messages from dad
    reply to the last message with sounds good
    text my sister that dinner is at eight
    dial the office
    ring my wife on speaker
    who called me this morning
    add a new contact named peter with this number
    what's grandma's phone number
    put on some relaxing piano music
    turn the volume up a little
    who sings this track
    shuffle my workout playlist
    play the latest episode of my favorite podcast
    resume the audiobook i was listening to
    tune in to the local news radio station
    like this song
    play the next episode of the show i'm watching
    put on a comedy movie tonight
    what's on tv right now
    record the game on channel five
    dim the bedroom lights to thirty percent
    switch on the porch light
    make the living room lamps blue
    turn everything off downstairs
    set the thermostat to seventy degrees
    it's too cold in here, warm it up
    lock the garage
    start the robot vacuum in the hallway
    is the dishwasher finished
    turn on the coffee maker
    open the blinds in the office
    order more paper towels
    track my amazon delivery
    reorder the dog food i bought last month
    how much does a new phone case cost
    cancel my last order
    add toothpaste to the list
    what's on my to do list
    remove bread from the list
    create a packing list for the trip
    get me directions to the airport
    how long will it take to drive downtown
    is there traffic on the highway
    find a parking garage near the stadium
    how far is boston from new york
    where is the closest pharmacy
    how much would a ride to the museum cost
    book an uber for five pm
    when does the next bus to campus leave
    find me a cheap flight to london in may
    is my flight to dallas on time
    check me in for my flight tomorrow
    what gate does my flight leave from
    find a hotel near the convention center
    book a room for two nights in seattle
    is there a pool at my hotel
    reserve a table for four at an italian place tonight
    what are the best sushi restaurants around here
    is the thai restaurant on main street open now
    order a large pepperoni pizza for delivery
    how long until my food arrives
    get me a burger from the usual place
    what's a good recipe for chocolate chip cookies
    how long should i roast a chicken
    what can i make with rice and beans
    what are today's top headlines
    any news about the election
    give me the latest tech news
    what's the score of the basketball game
    who won the world cup in two thousand eighteen
    what's the price of bitcoin
    how much is apple stock trading at
    what's my checking account balance
    transfer two hundred dollars to savings
    pay my electricity bill
    send fifty dollars to mike for the concert tickets
    how much did i spend on groceries last month
    how many euros is a hundred dollars
    what's the exchange rate for yen
    what is fifteen percent of eighty
    what's the square root of one forty four
    multiply twelve by thirty
    how many ounces are in a liter
    convert five miles to kilometers
    what does ephemeral mean
    how do you spell necessary
    give me a synonym for happy
    how do you say thank you in japanese
    what's the french word for library
    who wrote pride and prejudice
    when did the second world war end
    who is the president of france
    what is the population of brazil
    how many bones are in the human body
    how old is the universe
    what's the speed of light
    how do airplanes stay in the air
    do you know any good riddles
    how are you doing today
    what's the meaning of life
    thanks for your help
    you're awesome
    can you tell me a story
    pick a random number between one and ten
    how many calories are in an apple
    start a thirty minute workout
    how many steps did i walk today
    log a glass of water
    what's my heart rate
    remind me to take my vitamins every morning
    book a doctor's appointment for next week
    find a yoga class near me
    set the brightness to maximum
    connect to the home wifi
    turn on do not disturb
    enable airplane mode
    take a selfie
    show me photos from last summer
    share this picture with mom
    post this on my timeline
    check my notifications
    take a note that the wifi password is sunshine
    read my notes from yesterday
    start a game of trivia
    let's play twenty questions
    what's the best board game for kids
    explain the pythagorean theorem
    help me with my spanish homework
    what's the chemical symbol for gold
    how do i change a flat tire
    how do i tie a tie
    what's the best way to remove a wine stain
    how do i fix a leaking faucet
    when is the pharmacy closing today
    what time does the gym open on sunday
    is the post office open on holidays
    find a plumber near me
    how much does it cost to rent a car for a week
    what movies are playing this weekend
    buy two tickets for the nine o'clock show
    when is the next concert at the arena
    find events happening in town tonight
    what's the weather like in paris in april
    recommend a good book to read
    what should i watch tonight
    suggest a gift for my dad's birthday
    what's a good name for a puppy
    how do i get rid of hiccups
    what's the best time to visit iceland
    do i need a visa to travel to india
    what's the local time in sydney
    how long is the flight from chicago to miami
    what's the fastest animal on earth
    what language do they speak in brazil
    how many players are on a soccer team
    who invented the telephone
    what's a healthy breakfast idea
    how much sleep do adults need
    what year did the titanic sink
    what's the longest river in africa
    read me a bedtime story
    play rain sounds to help me sleep
    find the nearest hospital
    what's the emergency number in spain
    turn off the tv in the kids room
    how much data have i used this month
    what's my wifi password
    change my ringtone
    set a reminder to renew my passport
    how do i reset my password
    my laptop won't turn on
    why is my internet so slow
    open the spotify app
    close all apps
    search the web for cheap laptops
    look up the opening hours of the zoo
    send my location to my husband
    where did i park my car
    find my phone
    what's the address of the nearest bank
    what's the gas price at the station nearby
    how much is a gallon of milk
    when is mother's day this year
    what holidays are coming up
    is it a full moon tonight
    what sign is someone born in march
    give me a motivational quote
    what's the word of the day
    how much rain did we get yesterday
    is it cold enough for a jacket
    what was the temperature last night
    when is high tide at the harbor
    what's the air quality like today
    is the pollen count high
    set my alarm ten minutes earlier
    what time is my first alarm
    turn off my morning alarm for saturday
    change my wake up time to eight
    how long have i been asleep
    add a dentist visit to my calendar for the twelfth
    cancel tomorrow's team call
    invite jordan to the birthday party on sunday
    what did i have planned last friday
    forward the invoice to accounting
    check if anna answered my email
    mark all messages as read
    write a note to the landlord about the heater
    message the group chat that i'm running late
    did anyone text me
    block this number
    call the nearest pizza place
    facetime my brother
    leave a voicemail for the doctor
    turn shuffle off
    play that song again
    what album is this from
    turn it down
    put on something upbeat for the party
    make a playlist of my favorite songs
    how many followers do i have
    play a podcast about history
    read the next chapter of my book
    stop the audiobook in twenty minutes
    find a documentary about sharks
    rewind thirty seconds
    turn on subtitles
    switch to the sports channel
    is the new season of the show out yet
    how long is the movie
    set the lights to warm white
    turn off the bathroom fan
    is the oven still on
    preheat the oven to four hundred
    start the washing machine
    how long until the laundry is done
    turn the heating down two degrees
    close the garage door
    arm the security system
    show me the front door camera
    turn on the sprinklers for ten minutes
    water the lawn tomorrow morning
    charge the car overnight
    how much charge does my car have
    where did i leave my keys
    buy more coffee filters
    how much is shipping to canada
    return the shoes i ordered
    when will my refund arrive
    compare prices for wireless headphones
    is there a sale on tvs this week
    add a birthday card to my cart
    what's in my cart
    make a grocery list for tacos
    check off eggs from my list
    clear my shopping list
    share the list with my roommate
    avoid tolls on the way home
    take me home
    what's my eta
    is the bridge closed today
    find a charging station on my route
    how far is the next rest stop
    where can i rent a bike
    book a train to philadelphia on friday morning
    how much is a one way ticket to denver
    upgrade my seat
    what's the baggage allowance on my flight
    find a place to stay in rome for under a hundred a night
    cancel my hotel reservation
    book a table at the steakhouse for saturday at seven
    does the cafe have vegan options
    what's the wait time at the burger place
    leave a tip of twenty percent
    order my usual from the coffee shop
    how much was my last delivery
    what's on the menu at the thai place
    how many tablespoons in a cup
    what's a substitute for buttermilk
    what wine goes with salmon
    give me a dinner idea with chicken
    any breaking news
    what happened in the stock market today
    read me the headlines from the bbc
    what's the latest on the hurricane
    who's winning the tennis match
    when does the olympics start
    what's the nba schedule tonight
    how did my team do last night
    what's the dow at
    buy ten shares of tesla
    how's the euro doing against the dollar
    what's my credit card balance
    when is my rent due
    split the dinner bill with sam
    request twenty dollars from lisa
    how much do i have in savings
    did my paycheck come in
    what's eighteen divided by four
    calculate a tip on sixty dollars
    what's seven cubed
    convert thirty degrees celsius to fahrenheit
    how many feet in a mile
    how many grams in a pound
    how many minutes are in a day
    what's the definition of serendipity
    what rhymes with orange
    use ambiguous in a sentence
    how do you pronounce quinoa
    what's hello in italian
    say good night in korean
    how do i say i'm allergic to nuts in french
    who discovered penicillin
    when was the eiffel tower built
    what's the biggest planet
    how far is mars from earth
    what's the boiling point of water
    who was the first person on the moon
    why do cats purr
    what do pandas eat
    how long do turtles live
    which is the smallest country in the world
    who wrote the odyssey
    what's the most spoken language
    are you smarter than me
    what are you up to
    i'm feeling sad today
    what should i have for lunch
    help
    rock paper scissors
    toss a coin for me
    give me a random card
    how many calories did i burn today
    start tracking my run
    how much water should i drink a day
    set a goal of ten thousand steps
    remind me to stretch every hour
    how did i sleep last night
    find a pediatrician nearby
    refill my prescription
    what are the symptoms of the flu
    lower the screen brightness
    turn off wifi
    how much storage is left
    silence my phone until noon
    record a video
    show me my screenshots
    delete the last photo
    upload these pictures to the cloud
    how many likes did my post get
    send a friend request to kate
    post a story
    write down that the car needs an oil change
    add an item to my notes
    start a crossword
    play a word game with me
    quiz me on world capitals
    teach me a new word
    explain how vaccines work
    what's the formula for the area of a circle
    help me study for my biology test
    how do i unclog a drain
    how do i get gum out of hair
    how often should i change my toothbrush
    how do i jump start a car
    find a mechanic open now
    when does the library close
    is the bank open on saturday
    what time does the mall open tomorrow
    find an electrician for tomorrow
    rent a moving truck
    how much is a haircut around here
    get me tickets to the hockey game
    what shows are on broadway this month
    is there a farmers market this weekend
    what's happening at the museum tonight
    find a concert near me on friday
    suggest a podcast about science
    what game should i play
    recommend a restaurant for a date
    what's a good movie for kids
    help me pick a present for my wife
    what should i name my cat
    do i need a passport to go to mexico
    what's the currency in thailand
    best time to see cherry blossoms in japan
    what plugs do they use in the uk
    how long is the drive to the grand canyon
    what's the time difference with london
    how many hours is the flight to hawaii
    what's the population of tokyo
    how big is the pacific ocean
    who invented the light bulb
    when did the berlin wall fall
    what's the longest bone in the body
    is coffee bad for you
    how many eggs can i eat a day
    what's a good stretch for back pain
    """
}
