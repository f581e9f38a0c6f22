#!/usr/bin/env python3
"""Generates IntentKit's default corpus: Corpora/assistant (training), Corpora/assistant-dev (for
early stopping and tuning) and Corpora/assistant-test (held out).

The corpus is written by us, in the world of the SiriKit domains. Phrasings are templates
filled from entity values, their synonyms and open-class fillers; the test file uses templates
that never appear in training, so it measures generalisation to new phrasings, not recall. The
dev file draws new fillers into the training templates and into phrasings of its own (no
training utterance repeats, whatever its case), from random streams of its own, so it changes
neither of the other two.
Deterministic: the same script gives the same files. Run from the repository root:

    python3 scripts/data/generate-default-corpus.py
    python3 scripts/data/generate-default-corpus.py --sample 3 --output out/samples/3

`--sample N` (N > 0) draws the fillers, the out-of-scope utterances and the gibberish from other
random streams, the templates unchanged: another sample of the same corpus, to measure how much
a figure owes to the sample (scripts/experiments/corpus-samples). `--more-phrasings SHARE` keeps
a seeded sample (`--phrasings-seed`) of that share of the training-only phrasings
(MORE_PHRASINGS): a point of the learning curve in phrasings (scripts/experiments/phrasing-curve).
"""
import argparse
import json
import os
import random
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Corpora")
TRAIN_PER_INTENT = 110
TEST_PER_INTENT = 20
DEV_PER_INTENT = 15

# ---------------------------------------------------------------------------------------------
# Entities: app-wide vocabulary with synonyms and pronunciation hints (AppIntentVocabulary-style).
# Each value: (id, phrase, synonyms, pronunciation, examples).
ENTITIES = {
    "contact": dict(open=True, values=[
        ("contact.buttercup", "Buttercup", [], None, []),
        ("contact.celestra", "Celestra", ["Cel"], "seh-les-tra", ["Unicorn Chat Celestra, let's add more sparkle transitions"]),
        ("contact.moonbeam", "Moonbeam", [], "moon beam", []),
        ("contact.stardust", "Stardust", [], None, []),
        ("contact.twinkle", "Twinkle Toes", ["Twinkle"], None, []),
        ("contact.marigold", "Marigold", [], None, []),
        ("contact.pip", "Pip", [], None, []),
    ]),
    "paymentApp": dict(open=False, values=[
        ("app.unicornpay", "Unicorn Pay", ["unicorn", "UPay"], "unicorn pay", ["send Buttercup 85 bucks on Unicorn Pay"]),
        ("app.glitterbank", "Glitter Bank", ["glitter"], None, []),
    ]),
    "messagingApp": dict(open=False, values=[
        ("app.unicornchat", "Unicorn Chat", ["the chat app"], "unicorn chat", ["Unicorn Chat Celestra, let's add more sparkle transitions"]),
        ("app.sparkletext", "SparkleText", ["sparkle text"], "sparkle text", []),
    ]),
    "account": dict(open=True, values=[
        ("account.nestegg", "NestEgg", ["nest egg", "my nest egg"], "nest egg", ["what's the balance of my NestEgg"]),
        ("account.rainyday", "Rainy Day Fund", ["rainy day"], None, []),
        ("account.checking", "Checking", ["checking account", "my checking"], None, []),
        ("account.savings", "Savings", ["savings account", "my savings"], None, []),
    ]),
    "rideOption": dict(open=False, values=[
        ("object-id:456ABCDEF123789", "SparkleCar", ["sparkle ride"], "sparkle car", ["Book me a SparkleCar"]),
        ("ride.glitterpool", "GlitterPool", ["shared ride", "a pool"], "glitter pool", ["get me a GlitterPool to work"]),
        ("ride.rainbowxl", "RainbowXL", ["rainbow xl", "a big car"], "rainbow x l", []),
    ]),
    "rideApp": dict(open=False, values=[
        ("app.uniride", "UniRide", ["uni ride"], "you-nee ride", []),
    ]),
    "workoutName": dict(open=True, values=[
        ("workout.run", "outdoor run", ["run", "jog"], None, []),
        ("workout.yoga", "yoga", ["yoga session"], None, []),
        ("workout.hiit", "HIIT", ["interval training", "hiit workout"], "hit", []),
        ("workout.cycling", "cycling", ["bike ride", "indoor cycle"], None, []),
        ("workout.prance", "unicorn prance", ["prance"], None, []),
    ]),
    "fitnessApp": dict(open=False, values=[
        ("app.prancepal", "PrancePal", ["prance pal"], "prance pal", []),
    ]),
    "restaurant": dict(open=True, values=[
        ("restaurant.stardust", "Stardust Diner", ["the diner"], None, []),
        ("restaurant.nuage", "Le Petit Nuage", ["petit nuage"], "luh puh-tee noo-ahzh", []),
        ("restaurant.moonmenu", "Moon Menu", [], None, []),
        ("restaurant.cafemusica", "Café Música", ["cafe musica"], "ka-fay moo-see-ka", []),
    ]),
    "callApp": dict(open=False, values=[
        ("app.horncall", "HornCall", ["horn call"], "horn call", []),
    ]),
    "listName": dict(open=True, values=[
        ("list.groceries", "groceries", ["grocery list", "shopping list"], None, []),
        ("list.todo", "to-do", ["todo list", "to do list"], None, []),
        ("list.packing", "packing", ["packing list"], None, []),
    ]),
    "photoAlbum": dict(open=True, values=[
        ("album.rainbows", "Rainbows", [], None, []),
        ("album.holiday", "Holiday 2026", ["holiday pics"], None, []),
        ("album.favorites", "Favorites", ["favourites"], None, []),
    ]),
    "carName": dict(open=True, values=[
        ("car.moonracer", "Moonracer", ["the moon racer"], "moon racer", []),
        ("car.sparklevan", "Sparkle Van", ["the van"], None, []),
    ]),
    "reservation": dict(open=True, values=[
        ("booking.flight", "flight", ["plane"], None, []),
        ("booking.hotel", "hotel", ["hotel stay"], None, []),
        ("booking.train", "train", ["train ticket"], None, []),
    ]),
    "place": dict(open=True, values=[
        ("place.home", "home", ["my place"], None, []),
        ("place.work", "work", ["the office"], None, []),
        ("place.airport", "the airport", ["airport"], None, []),
        ("place.station", "Central Station", ["the station"], None, []),
    ]),
    "freeText": dict(open=True, values=[]),
}

# Open-class fillers: names and texts that are not vocabulary terms.
OPEN = {
    "contact": ["Rosalind", "Jasper", "Aunt Clementine", "Dr. Okafor", "Noor", "Mateo", "Grandma", "Yuki", "Oskar", "Ingrid", "Priya", "Sam"],
    "restaurant": ["Golden Fork", "Noodle Bar 88", "the taco place", "Rosie's Kitchen", "Sakura House"],
    "place": ["42 Rainbow Road", "the mall", "Maple Street", "the stadium", "Grandma's house", "the library"],
    "photoAlbum": ["Beach Day", "Birthday 2025", "Garden"],
    "listName": ["camping", "wedding"],
    "workoutName": ["swim", "pilates", "rowing"],
}
MESSAGES = ["let's add more sparkle transitions", "I'm running late", "see you at noon", "did you feed the cat",
            "happy birthday", "the rainbow polish arrived", "can you call me back", "dinner is ready",
            "meet me at the station", "thanks for the glitter", "on my way", "don't forget the tickets"]
NOTES = ["rainbow polish", "dinner", "the concert tickets", "rent", "last night's pizza", "glitter supplies",
         "the taxi", "birthday cake", "horse shoes", "our trip"]
ITEMS = ["oat milk", "glitter glue", "apples", "sparkly socks", "batteries", "carrots", "sunscreen", "hay", "bread"]
TITLES = ["meeting ideas", "gift list", "poem draft", "recipe for moon pie", "book notes", "trip plan"]
QUERIES = ["the wifi password", "the party", "rainbow polish", "the dentist", "tickets", "the recipe"]
AMOUNTS = [("85 bucks", "85 USD"), ("$12.50", "12.50 USD"), ("twenty euros", "20 EUR"), ("40 dollars", "40 USD"),
           ("$300", "300 USD"), ("fifteen pounds", "15 GBP"), ("€7", "7 EUR"), ("a hundred dollars", "100 USD"),
           ("9.99", "9.99"), ("two hundred and fifty dollars", "250 USD")]
NUMBERS = [("two", "2"), ("4", "4"), ("six", "6"), ("three", "3"), ("8", "8"), ("five", "5"), ("ten", "10")]
DATES = ["tomorrow at 7pm", "tonight", "friday at noon", "next saturday", "at 8:30", "this evening",
         "on march 3rd", "sunday morning", "in two hours"]
PAST = ["yesterday", "last week", "this morning", "in june", "last summer", "on my birthday"]
DURATIONS = ["30 minutes", "an hour", "45 minutes", "twenty minutes", "90 minutes"]

# ---------------------------------------------------------------------------------------------
# Domains and intents. Parameters: (name, entity, required, prompt). Templates use {slot} for a
# parameter; "train" and "test" templates never overlap.
DOMAINS = {
    "messaging": {
        "SendMessage": dict(
            parameters=[("recipient", "contact", True, "Who should get the message?"),
                        ("content", "freeText", True, "What do you want to say?"),
                        ("app", "messagingApp", False, None)],
            train=["send a message to {recipient} saying {content}", "text {recipient} {content}",
                   "{app} {recipient}, {content}", "tell {recipient} {content} on {app}",
                   "message {recipient} on {app} that {content}", "could you please send {recipient} a message that says {content}",
                   "send {recipient} a text", "write to {recipient} with {app}", "send a message on {app}",
                   "text {recipient} that {content} using {app}", "hey, tell {recipient} {content}",
                   "I'd like to send a message to {recipient}", "use {app} to tell {recipient} {content}"],
            test=["shoot {recipient} a quick note: {content}", "{recipient} needs to know {content}, send it via {app}",
                  "would you mind messaging {recipient}", "drop {recipient} a line on {app} saying {content}"]),
        "ReadMessages": dict(
            parameters=[("sender", "contact", False, None), ("app", "messagingApp", False, None)],
            train=["read my messages", "read my new messages from {sender}", "what did {sender} say",
                   "read me the latest texts on {app}", "any new messages on {app}", "read {sender}'s messages",
                   "do I have messages from {sender} in {app}", "please read out my unread messages",
                   "{app}, read my messages", "check my messages from {sender}", "what's new from {sender} on {app}"],
            test=["catch me up on {app}", "has {sender} written to me", "play back what {sender} sent me",
                  "anything from {sender} lately"]),
        "SearchMessages": dict(
            parameters=[("sender", "contact", False, None), ("query", "freeText", False, None), ("dateTime", "builtin.dateTime", False, None)],
            train=["find messages from {sender} about {query}", "search my messages for {query}",
                   "show the messages {sender} sent {dateTime}", "search messages about {query} from {dateTime}",
                   "look for texts from {sender}", "find the text where {sender} mentioned {query}",
                   "search for {query} in my messages", "show me messages from {dateTime}",
                   "find {sender}'s message about {query} from {dateTime}"],
            test=["dig up that chat with {sender} about {query}", "which messages mention {query}",
                  "pull up what {sender} texted {dateTime}"]),
    },
    "payments": {
        "SendPayment": dict(
            parameters=[("payee", "contact", True, "Who do you want to pay?"),
                        ("amount", "builtin.amountOfMoney", True, "How much do you want to send?"),
                        ("note", "freeText", False, None), ("app", "paymentApp", False, None)],
            train=["send {payee} {amount} on {app} for {note}", "pay {payee} {amount}", "pay {payee} {amount} for {note}",
                   "{app}, send {payee} {amount}", "send {amount} to {payee} with {app}", "I owe {payee} {amount}, pay them",
                   "transfer {amount} to {payee} for {note} using {app}", "pay {payee}", "send money to {payee}",
                   "could you pay {payee} {amount} for {note} please", "use {app} to pay {payee}",
                   "give {payee} {amount} on {app}", "send {payee} money for {note}"],
            test=["settle up with {payee}: {amount} for {note}", "{payee} gets {amount} from me via {app}",
                  "wire {amount} over to {payee}", "reimburse {payee} {amount} for {note}"]),
        "RequestPayment": dict(
            parameters=[("payer", "contact", True, "Who should pay you?"),
                        ("amount", "builtin.amountOfMoney", False, None),
                        ("note", "freeText", False, None), ("app", "paymentApp", False, None)],
            train=["request {amount} from {payer}", "ask {payer} for {amount} for {note}", "request money from {payer} on {app}",
                   "{app}, request {amount} from {payer} for {note}", "bill {payer} {amount}",
                   "send {payer} a payment request for {note}", "ask {payer} to pay me {amount} with {app}",
                   "I need to request {amount} from {payer}", "request a payment from {payer}"],
            test=["{payer} still owes me {amount} for {note}, ask for it", "collect {amount} from {payer} through {app}",
                  "nudge {payer} to pay me back"]),
        "CheckBalance": dict(
            parameters=[("account", "account", False, None), ("app", "paymentApp", False, None)],
            train=["what's my balance", "what's the balance of my {account}", "how much is in {account}",
                   "check my {account} balance on {app}", "show my {account} balance", "{app}, what's in my {account}",
                   "how much money do I have in {account}", "balance of {account} please", "check my balance on {app}",
                   "tell me my {account} balance"],
            test=["how's my {account} looking", "am I broke? check {account}", "funds left in {account} on {app}"]),
        "TransferMoney": dict(
            parameters=[("amount", "builtin.amountOfMoney", True, "How much should I move?"),
                        ("fromAccount", "account", True, "From which account?"),
                        ("toAccount", "account", True, "To which account?")],
            train=["transfer {amount} from {fromAccount} to {toAccount}", "move {amount} from {fromAccount} into {toAccount}",
                   "put {amount} in {toAccount}", "move money from {fromAccount} to {toAccount}",
                   "transfer {amount} to {toAccount}", "please move {amount} out of {fromAccount}",
                   "shift {amount} from {fromAccount} over to {toAccount}", "top up {toAccount} with {amount} from {fromAccount}"],
            test=["{amount} from {fromAccount} to {toAccount}, please", "fund {toAccount} using {fromAccount}",
                  "I want {amount} of {fromAccount} sitting in {toAccount}"]),
    },
    "rides": {
        "RequestRide": dict(
            parameters=[("rideOption", "rideOption", False, None), ("destination", "place", True, "Where to?"),
                        ("pickup", "place", False, None), ("partySize", "builtin.number", False, None),
                        ("app", "rideApp", False, None)],
            train=["book me a {rideOption}", "get me a {rideOption} to {destination}", "I need a ride to {destination}",
                   "book a {rideOption} from {pickup} to {destination}", "{app}, get me a ride to {destination}",
                   "order a {rideOption} for {partySize} people", "call a {rideOption} to {destination} on {app}",
                   "I need a ride from {pickup}", "get a ride for {partySize} to {destination}",
                   "book a ride to {destination} with {app}", "take me to {destination} in a {rideOption}",
                   "can you get me a car to {destination} please"],
            test=["{destination}, {rideOption}, now", "we're {partySize}, need a lift to {destination}",
                  "whistle up a {rideOption} at {pickup}", "I have to be at {destination}, sort out a ride on {app}"]),
        "GetRideStatus": dict(
            parameters=[("app", "rideApp", False, None), ("rideOption", "rideOption", False, None)],
            train=["where is my ride", "how far away is my {rideOption}", "when will my ride arrive",
                   "what's the status of my {rideOption} on {app}", "{app}, where's my car", "is my ride here yet",
                   "how long until my {rideOption} gets here", "check on my ride"],
            test=["is the {rideOption} close", "ETA on my {app} pickup?", "still waiting, where's the driver"]),
    },
    "workouts": {
        "StartWorkout": dict(
            parameters=[("workoutType", "workoutName", False, None), ("goal", "builtin.duration", False, None),
                        ("app", "fitnessApp", False, None)],
            train=["start a {workoutType}", "start a {goal} {workoutType}", "begin my {workoutType} on {app}",
                   "{app}, start a {workoutType}", "start a workout", "let's do {goal} of {workoutType}",
                   "start my {workoutType} workout", "begin a {workoutType} for {goal}", "start tracking my {workoutType}",
                   "kick off a {workoutType} in {app}"],
            test=["time for {workoutType}, go", "{goal} {workoutType}, record it with {app}", "I'm about to {workoutType}, track it"]),
        "PauseWorkout": dict(
            parameters=[("workoutType", "workoutName", False, None), ("app", "fitnessApp", False, None)],
            train=["pause my workout", "pause the {workoutType}", "pause my {workoutType} on {app}", "hold my workout",
                   "{app}, pause", "take a break from my {workoutType}", "pause the workout for a minute"],
            test=["hang on, freeze the {workoutType}", "give me a breather, pause {app}"]),
        "EndWorkout": dict(
            parameters=[("workoutType", "workoutName", False, None), ("app", "fitnessApp", False, None)],
            train=["end my workout", "stop the {workoutType}", "finish my {workoutType} on {app}", "I'm done with my {workoutType}",
                   "{app}, end the workout", "stop my workout", "end the {workoutType} now", "wrap up my workout"],
            test=["that's it for the {workoutType}", "call it a day on {app}", "workout over, save it"]),
    },
    "restaurants": {
        "BookTable": dict(
            parameters=[("restaurant", "restaurant", True, "Which restaurant?"), ("partySize", "builtin.number", False, None),
                        ("dateTime", "builtin.dateTime", False, None)],
            train=["book a table at {restaurant}", "book a table for {partySize} at {restaurant} {dateTime}",
                   "reserve {restaurant} for {partySize} people", "get us a table at {restaurant} {dateTime}",
                   "I'd like a reservation at {restaurant}", "make a reservation for {partySize} {dateTime}",
                   "table for {partySize} at {restaurant} please", "can you book {restaurant} {dateTime}",
                   "reserve a table {dateTime} at {restaurant}"],
            test=["{restaurant}, {partySize} of us, {dateTime}", "hold a spot for us at {restaurant}",
                  "any chance of dinner at {restaurant} {dateTime}"]),
        "CancelReservation": dict(
            parameters=[("restaurant", "restaurant", False, None), ("dateTime", "builtin.dateTime", False, None)],
            train=["cancel my reservation at {restaurant}", "cancel the table {dateTime}", "cancel my booking at {restaurant} {dateTime}",
                   "we can't make it to {restaurant}", "please cancel my restaurant reservation", "drop my reservation {dateTime}"],
            test=["scrap the {restaurant} booking", "we're not coming {dateTime}, cancel it"]),
    },
    "calls": {
        "StartAudioCall": dict(
            parameters=[("recipient", "contact", True, "Who do you want to call?"), ("app", "callApp", False, None)],
            train=["call {recipient}", "call {recipient} on {app}", "phone {recipient}", "{app}, call {recipient}",
                   "give {recipient} a call", "ring {recipient}", "start a call with {recipient} using {app}",
                   "make a call", "I want to call {recipient}"],
            test=["get {recipient} on the line", "dial {recipient} through {app}", "buzz {recipient}"]),
        "StartVideoCall": dict(
            parameters=[("recipient", "contact", True, "Who do you want to video call?"), ("app", "callApp", False, None)],
            train=["video call {recipient}", "facetime {recipient} on {app}", "start a video call with {recipient}",
                   "{app}, video chat with {recipient}", "video call {recipient} using {app}", "start a video chat",
                   "I want to see {recipient}, start a video call"],
            test=["face to face with {recipient} on {app}", "camera call to {recipient}"]),
    },
    "notes": {
        "CreateNote": dict(
            parameters=[("title", "freeText", False, None), ("content", "freeText", False, None)],
            train=["create a note called {title}", "make a note: {content}", "new note titled {title} saying {content}",
                   "write down {content}", "take a note", "note that {content}", "add a note named {title}",
                   "start a new note {title}"],
            test=["jot this down: {content}", "remember for me that {content}", "open a fresh note, {title}"]),
        "AddToList": dict(
            parameters=[("item", "freeText", True, "What should I add?"), ("list", "listName", False, None)],
            train=["add {item} to my {list} list", "put {item} on the {list}", "add {item} to the {list}",
                   "add {item}", "I need {item}, add it to {list}", "put {item} on my list",
                   "add {item} and {item} to my {list} list"],
            test=["{list}: {item}", "we're out of {item}, note it on {list}", "don't let me forget {item} on the {list}"]),
        "SearchNotes": dict(
            parameters=[("query", "freeText", False, None)],
            train=["find my note about {query}", "search notes for {query}", "show my notes", "where's the note on {query}",
                   "look up {query} in my notes", "open my note about {query}"],
            test=["what did I write about {query}", "dig out my {query} note"]),
    },
    "photos": {
        "SearchPhotos": dict(
            parameters=[("album", "photoAlbum", False, None), ("dateTime", "builtin.dateTime", False, None),
                        ("person", "contact", False, None), ("place", "place", False, None)],
            train=["show my photos from {dateTime}", "show pictures of {person}", "find photos in {album}",
                   "show me photos of {person} from {dateTime}", "open the {album} album", "find pictures taken at {place}",
                   "show photos from {place} {dateTime}", "pictures of {person} in the {album} album",
                   "show my photos"],
            test=["got any snaps of {person} at {place}", "flip through {album} for me", "what did I shoot {dateTime}"]),
    },
    "car": {
        "LockCar": dict(
            parameters=[("car", "carName", False, None)],
            train=["lock my car", "lock the {car}", "lock {car}", "is the {car} locked? lock it", "please lock the car",
                   "lock the doors of {car}"],
            test=["secure the {car}", "make sure {car} is shut"]),
        "UnlockCar": dict(
            parameters=[("car", "carName", False, None)],
            train=["unlock my car", "unlock the {car}", "unlock {car}", "open the {car}", "please unlock the car doors",
                   "unlock the doors of {car}"],
            test=["let me into the {car}", "pop the locks on {car}"]),
        "CheckFuel": dict(
            parameters=[("car", "carName", False, None)],
            train=["how much fuel is in my car", "check the fuel in {car}", "what's the gas level of the {car}",
                   "how much gas does {car} have", "check my fuel", "is the {car} low on fuel"],
            test=["can {car} make it to the next town", "tank status for the {car}"]),
    },
    "travel": {
        "CheckIn": dict(
            parameters=[("reservation", "reservation", True, "Which reservation?"), ("dateTime", "builtin.dateTime", False, None)],
            train=["check me in for my {reservation}", "check in for my {reservation} {dateTime}", "check in to my {reservation}",
                   "do my {reservation} check in", "I want to check in", "check in for the {reservation}"],
            test=["get me checked in on the {reservation}", "online check-in for {dateTime} {reservation}"]),
        "GetReservation": dict(
            parameters=[("reservation", "reservation", False, None), ("dateTime", "builtin.dateTime", False, None)],
            train=["show my {reservation} reservation", "when is my {reservation}", "what are my reservations",
                   "show my bookings for {dateTime}", "details of my {reservation} {dateTime}", "do I have a {reservation} booked"],
            test=["what time does my {reservation} leave", "remind me of my {reservation} details"]),
    },
}

# ---------------------------------------------------------------------------------------------
# More ways of asking, for training only: other verbs, politeness, indirect requests, questions,
# fragments and filler words. They were written without the distinctive words of the held-out
# templates above, so the held-out file still measures phrasings the corpus never taught.
MORE_PHRASINGS = {
    "SendMessage": [
        "send {recipient} this: {content}", "can you text {recipient} and say {content}", "message {recipient}",
        "tell {recipient} that {content}", "write {recipient} a message: {content}", "new message to {recipient}",
        "compose a text to {recipient} on {app}", "reply to {recipient} with {content}", "send a text message to {recipient}",
        "please message {recipient} {content}", "text {recipient} on {app}", "ok text {recipient} saying {content}",
        "inform {recipient} that {content}", "I want to text {recipient}", "{content}, send that to {recipient}"],
    "ReadMessages": [
        "read me my texts", "what are my new messages", "did {sender} message me", "any texts from {sender}",
        "read out the last message from {sender}", "show me my unread messages on {app}", "open my messages",
        "what did {sender} text me", "I'd like to hear my messages", "can you read my {app} messages",
        "do I have any new texts", "read {sender}'s latest message", "messages please", "check {app} for new messages"],
    "SearchMessages": [
        "search texts from {sender}", "find where {sender} talked about {query}", "look through my messages for {query}",
        "find the conversation about {query}", "search {sender}'s texts from {dateTime}", "find messages that say {query}",
        "I'm looking for a message about {query}", "locate the text from {sender} about {query}",
        "search my conversation with {sender}", "show messages containing {query}", "find my old texts from {dateTime}"],
    "SendPayment": [
        "repay {payee} {amount}", "send {payee} {amount} please", "I'd like to pay {payee}", "make a payment to {payee}",
        "transfer money to {payee} on {app}", "can you send {amount} to {payee} for {note}", "{amount} to {payee} for {note}",
        "pay {payee} for {note}", "split {note} with {payee}, send {amount}", "send a payment of {amount} to {payee}",
        "pay {payee} with {app}", "I want to give {payee} {amount}", "cover {payee} {amount} for {note}",
        "hand {payee} {amount} on {app}"],
    "RequestPayment": [
        "ask {payer} to pay me", "request {amount} from {payer} on {app}", "charge {payer} {amount} for {note}",
        "can you request money from {payer}", "send a request to {payer} for {amount}", "I want {payer} to pay me {amount}",
        "get {payer} to send me {amount}", "ask {payer} for money for {note}", "invoice {payer} {amount}",
        "request payment for {note} from {payer}", "make {payer} pay {amount} for {note}", "ask for {amount} from {payer} using {app}"],
    "CheckBalance": [
        "how much money do I have", "what's in my {account}", "balance please", "show me my balance",
        "what's the balance on {account}", "how much do I have in {account} right now", "tell me what's in {account} on {app}",
        "my {account} balance", "how much cash is in {account}", "can you check my {account}",
        "what do I have in {account}", "give me my account balance", "how much is in my accounts"],
    "TransferMoney": [
        "transfer money between my accounts", "move {amount} to {toAccount}", "send {amount} from {fromAccount} to {toAccount}",
        "I want to move money into {toAccount}", "take {amount} out of {fromAccount} and put it in {toAccount}",
        "transfer {amount} out of {fromAccount}", "can you move {amount} into {toAccount}", "put money from {fromAccount} into {toAccount}",
        "move some money to {toAccount}", "shift money from {fromAccount}", "make a transfer of {amount} to {toAccount}"],
    "RequestRide": [
        "get me a ride", "I need a car", "book a ride from {pickup}", "can I get a {rideOption}",
        "take me to {destination}", "order a ride to {destination} please", "find me a ride to {destination} with {app}",
        "I'd like a {rideOption} from {pickup} to {destination}", "call me a car", "ride to {destination} for {partySize}",
        "get a car for {partySize} people", "I need to go to {destination}", "book a car to {destination} on {app}",
        "send a {rideOption} to {pickup}"],
    "GetRideStatus": [
        "where's my car", "how long until my ride comes", "has my ride arrived", "track my {rideOption}",
        "is my {rideOption} on the way", "when does my ride get here", "how far is my car", "status of my ride on {app}",
        "what's taking my ride so long", "is the car here", "where is the {rideOption} I booked", "how many minutes until my ride"],
    "StartWorkout": [
        "let's start a {workoutType}", "I'm going for a {workoutType}", "begin a workout", "start my workout on {app}",
        "log a {workoutType} for {goal}", "start a {workoutType} session", "can you start a {goal} {workoutType}",
        "begin {goal} of {workoutType} with {app}", "start an {workoutType} workout", "new {workoutType} workout",
        "I want to do a {workoutType}", "start exercising", "begin an exercise session"],
    "PauseWorkout": [
        "pause", "pause the workout", "pause my {workoutType} please", "stop the clock on my workout for now",
        "can you pause my {workoutType}", "pause tracking", "hold the {workoutType}", "I need a break, pause my workout",
        "pause {app}", "put my workout on hold", "wait, pause the {workoutType}", "suspend my workout",
        "take a short break from the workout", "pause the session on {app}"],
    "EndWorkout": [
        "end the workout", "stop my {workoutType}", "I'm finished with my workout", "finish the {workoutType}",
        "end my {workoutType} on {app}", "stop tracking my workout", "done with my {workoutType}", "I'm done, end it",
        "stop the workout please", "complete my {workoutType}", "finish my workout", "end this session",
        "we're done, stop the {workoutType}"],
    "BookTable": [
        "reserve a table", "book {restaurant}", "I need a table for {partySize}", "a table at {restaurant} for {partySize} please",
        "book us a table {dateTime}", "reserve {restaurant} {dateTime}", "can we get a table for {partySize} at {restaurant}",
        "make a booking at {restaurant}", "find us a table at {restaurant} {dateTime}", "reservation for {partySize} at {restaurant}",
        "book a table {dateTime} for {partySize} people", "I want to eat at {restaurant} {dateTime}"],
    "CancelReservation": [
        "cancel my reservation", "cancel {restaurant}", "I need to cancel the table at {restaurant}",
        "cancel our table {dateTime}", "please drop the reservation at {restaurant}", "call off my booking {dateTime}",
        "cancel the booking at {restaurant}", "we won't make it {dateTime}, cancel the table", "cancel my table reservation",
        "get rid of my reservation at {restaurant}", "remove my booking at {restaurant}"],
    "StartAudioCall": [
        "call {recipient} please", "phone {recipient} using {app}", "can you call {recipient}", "place a call to {recipient}",
        "I need to talk to {recipient}", "make a phone call to {recipient}", "ring {recipient} on {app}",
        "start a call", "voice call {recipient}", "call {recipient} now", "give {recipient} a ring",
        "audio call with {recipient}", "I'd like to call {recipient} on {app}"],
    "StartVideoCall": [
        "video chat {recipient}", "start a video call", "facetime {recipient}", "make a video call to {recipient}",
        "can you video call {recipient}", "video call {recipient} on {app}", "I want a video chat with {recipient}",
        "start video with {recipient}", "call {recipient} with video", "open a video call to {recipient} using {app}",
        "facetime with {recipient} please", "video {recipient}"],
    "CreateNote": [
        "create a note", "new note", "make a note called {title}", "write a note: {content}", "add a note saying {content}",
        "create a new note titled {title}", "start a note about {title}", "take a note that {content}",
        "note down {content}", "save a note: {content}", "can you make a note for me", "put {content} in a new note",
        "write this down: {content}"],
    "AddToList": [
        "add {item} to {list}", "put {item} on my {list} list", "add {item} to my list", "I need to buy {item}, add it",
        "stick {item} on the {list} list", "include {item} on my {list}", "add {item} to the {list} list please",
        "can you put {item} on the list", "{item} on the {list} list", "add {item} and {item}",
        "my {list} list needs {item}", "put {item} on it"],
    "SearchNotes": [
        "search my notes", "find the note about {query}", "look for a note on {query}", "show me notes about {query}",
        "find notes with {query}", "open the {query} note", "search for {query} in notes", "where did I put my note on {query}",
        "bring up my notes on {query}", "find my notes"],
    "SearchPhotos": [
        "show me pictures from {dateTime}", "find my photos of {person}", "open {album}", "show photos taken in {place}",
        "photos from {dateTime}", "find pictures from {place}", "show the {album} album", "search my photos for {person}",
        "pictures of {person} from {dateTime}", "find the photos I took at {place}", "look at my pictures", "show me {album}"],
    "LockCar": [
        "lock the car", "lock up the {car}", "can you lock my car", "lock my {car} please", "get the {car} locked",
        "lock the doors", "lock the car doors", "please lock {car}", "I forgot to lock the {car}", "lock it up",
        "lock up my car", "car lock"],
    "UnlockCar": [
        "unlock the car", "unlock the doors", "can you unlock my car", "open my car", "unlock the {car} please",
        "open the car doors", "please unlock {car}", "unlock the car doors", "open up the {car}", "I need to get in my car, unlock it",
        "car unlock", "unlock it"],
    "CheckFuel": [
        "how much gas is left", "check the gas in the {car}", "what's my fuel level", "how much fuel does the {car} have",
        "is my car low on gas", "do I need gas", "fuel level of {car}", "how full is the {car}",
        "check fuel", "how far can the {car} go on this fuel", "gas level please", "do I need to fill up the {car}"],
    "CheckIn": [
        "check in", "check in to my {reservation} please", "can you check me in", "check me in for the {reservation} {dateTime}",
        "I'd like to check in for my {reservation}", "do the check in for my {reservation}", "check in now",
        "start check in for my {reservation}", "check me into my {reservation}", "please check in for me {dateTime}"],
    "GetReservation": [
        "show my reservations", "what bookings do I have", "when's my {reservation}", "my {reservation} booking",
        "do I have any reservations {dateTime}", "show me the {reservation} booking", "what's my {reservation} reservation",
        "details of my booking", "tell me about my {reservation}", "what are my bookings for {dateTime}",
        "show the {reservation} I booked", "which {reservation} did I book"],
}
MORE_OUT_OF_SCOPE = [
    "what's the temperature outside", "is it windy today", "how humid is it in {city}", "will I need a jacket tonight",
    "play the radio", "play the new album by {artist}", "next track", "what song is this", "put on some {genre} for me",
    "add a meeting to my calendar tomorrow", "what's on my calendar today", "schedule a dentist appointment",
    "when is my next meeting", "move my meeting to three", "navigate to {city}", "how long is the drive to {city}",
    "find a gas station nearby", "directions to the nearest coffee shop", "how is the traffic on the way to work",
    "turn the heat up", "close the blinds", "is the front door locked", "turn off all the lights",
    "what's the exchange rate for euros", "how is the stock market doing today", "book a hotel in {city}",
    "book a flight to {city}", "find me a cheap flight to {city}", "tell me a story", "what's up", "good night",
    "who are you", "do you like music", "what can you do", "how many miles in a kilometer", "what's 15 percent of 80",
    "send an email to my boss", "check my email", "post a photo to instagram", "call an ambulance", "open the camera",
    "turn on the flashlight", "set my status to busy", "how do I get to {city}", "what's the population of {city}",
    "thank you", "yes", "no", "okay", "what", "uhh", "hello", "sorry", "one more time", "repeat that",
]

# Dev phrasings: new ways to ask, written for the dev split alone (never a training or held-out
# template, and without the held-out templates' distinctive words), so that what training tunes
# on the dev split (the out-of-scope calibration's budget, the tagger's early stopping) sees
# requests phrased as training never phrased them, as the held-out file does, while the held-out
# file stays untouched by any choice.
DEV_PHRASINGS = {
    "SendMessage": ["give {recipient} the news: {content}", "fire off a text to {recipient}: {content}",
                    "ping {recipient} on {app} with {content}"],
    "ReadMessages": ["did someone text me", "go through my inbox on {app}", "what has {sender} been saying to me"],
    "SearchMessages": ["find that conversation where {sender} brought up {query}", "scroll to the {query} texts from {dateTime}",
                       "locate every message {sender} sent about {query}"],
    "SendPayment": ["chip in {amount} to {payee} for {note}", "{payee} is owed {amount}, send it on {app}",
                    "pay {payee} what I owe for {note}"],
    "RequestPayment": ["have {payer} send me {amount} for {note}", "put in a request to {payer} on {app}",
                       "{payer} has to pay me {amount} for {note}"],
    "CheckBalance": ["how much remains in my {account}", "do I have enough money in {account}", "give me the {account} total on {app}"],
    "TransferMoney": ["{toAccount} needs {amount}, take it from {fromAccount}", "drain {amount} from {fromAccount} into {toAccount}",
                      "park {amount} in {toAccount}, taken from {fromAccount}"],
    "RequestRide": ["I need a car from {pickup} to {destination}", "grab a {rideOption} for {partySize} of us to {destination}",
                    "get a ride going on {app}, heading to {destination}"],
    "GetRideStatus": ["how many minutes until the {rideOption} arrives", "has my ride left yet", "track my {app} car"],
    "StartWorkout": ["kick off a {workoutType} session", "log a {goal} {workoutType} on {app}", "I'm heading out for a {workoutType}, begin"],
    "PauseWorkout": ["put the {workoutType} on pause", "I need a minute, stop the timer", "break time, hold {app}"],
    "EndWorkout": ["I'm all done with the {workoutType}", "wrap it up on {app}", "the {workoutType} is finished, stop tracking"],
    "BookTable": ["reserve {restaurant} for {partySize} {dateTime}", "get us a table at {restaurant}",
                  "can we eat at {restaurant} {dateTime}"],
    "CancelReservation": ["call off our table at {restaurant}", "drop the reservation for {dateTime}",
                          "I won't make it to {restaurant}, cancel"],
    "StartAudioCall": ["I'd like to talk to {recipient}", "place a voice call to {recipient} on {app}", "telephone {recipient}"],
    "StartVideoCall": ["hop on video with {recipient}", "video hangout with {recipient} on {app}", "I want to see {recipient} while we talk"],
    "CreateNote": ["make a memo: {content}", "note to self: {content}", "start a new page called {title}"],
    "AddToList": ["{item} belongs on the {list}", "we need {item}, put it on {list}", "include {item} in my {list}"],
    "SearchNotes": ["find my notes on {query}", "look through my notes for {query}", "is there a note about {query}"],
    "SearchPhotos": ["show me pictures of {person}", "pictures from {place} {dateTime}", "bring up my {album} album"],
    "LockCar": ["close up the {car}", "lock down {car}", "the {car} is open, lock it"],
    "UnlockCar": ["get the {car} doors open", "I'm standing at the {car}, unlock it", "unlatch the {car}"],
    "CheckFuel": ["does {car} need petrol", "how many miles can the {car} drive now", "fuel gauge reading for {car}"],
    "CheckIn": ["complete check in for the {reservation} {dateTime}", "sign me in for my {reservation}", "I'm at the airport, check me in"],
    "GetReservation": ["what's on my {reservation} booking", "look up my {reservation} for {dateTime}",
                       "when do I need to arrive for my {reservation}"],
}
DEV_NEW_PER_INTENT = 10
DEV_OUT_OF_SCOPE = [
    "is it sunny in {city} right now", "put on {song}", "louder please", "wake me at {time} tomorrow", "start a {minutes} minute countdown",
    "lights off in the {room}", "what happened in {topic} today", "how are {team} doing this season", "what pairs well with {dish}",
    "add {number} and {number}", "how do I say {phrase} in {language}", "where was {person} born", "what is {thing} made of",
    "tell me a fun fact", "do you ever rest", "what's your favourite film", "I'm so tired", "good evening",
    "reorder {product}", "when does my parcel arrive", "what do {animal} look like", "how far is {city} from here",
    "play {show}", "charge my phone", "never mind that", "huh",
]
GIBBERISH_DEV_NEW = 4

# ---------------------------------------------------------------------------------------------
# Out of scope: what people say to an assistant that none of its intents serve. Chit-chat,
# questions about the world, requests for apps this assistant does not have (weather, music,
# timers, lights, news, sports, cooking, maths, translation, shopping), fragments and gibberish.
# Test templates are phrasings and topics the training templates never use.
OUT_OF_SCOPE_INTENT = "out_of_scope"
OUT_OF_SCOPE_FILL = {
    "city": ["Paris", "Tokyo", "Lisbon", "Nairobi", "Denver", "Oslo", "Cairo", "Lima", "Seoul", "Dublin", "Austin"],
    "artist": ["Taylor Swift", "the Beatles", "Beyoncé", "Miles Davis", "Adele", "Coldplay", "Bach", "Daft Punk"],
    "song": ["Yesterday", "Bohemian Rhapsody", "Halo", "So What", "Clair de Lune", "Hey Jude", "Shake It Off"],
    "genre": ["jazz", "rock", "lo-fi beats", "classical music", "country", "hip hop", "reggae"],
    "time": ["6am", "7:30", "noon", "half past five", "10 pm", "8 o'clock", "quarter to nine"],
    "minutes": ["five", "10", "twenty", "3", "fifteen", "45"],
    "room": ["kitchen", "bedroom", "living room", "porch", "hallway", "garage", "office"],
    "team": ["the Lakers", "Arsenal", "the Yankees", "Real Madrid", "the Packers", "the Red Sox", "Barcelona"],
    "dish": ["lasagna", "pancakes", "banana bread", "a risotto", "guacamole", "fried rice", "chili"],
    "thing": ["the moon", "a black hole", "photosynthesis", "gravity", "the internet", "a volcano", "inflation", "DNA"],
    "person": ["Abraham Lincoln", "Marie Curie", "Cleopatra", "Einstein", "Frida Kahlo", "Napoleon", "Ada Lovelace"],
    "language": ["French", "Spanish", "Japanese", "German", "Italian", "Korean", "Portuguese"],
    "phrase": ["good morning", "where is the bathroom", "thank you very much", "I love you", "how much is this"],
    "number": ["12", "seven", "144", "three hundred", "99", "15", "eight"],
    "product": ["paper towels", "a new phone case", "dog food", "running shoes", "a desk lamp", "printer ink"],
    "animal": ["cats", "octopuses", "penguins", "bees", "dolphins", "owls", "giraffes"],
    "topic": ["politics", "the stock market", "the election", "technology", "the economy", "science"],
    "show": ["the next episode", "my favourite show", "the game", "a documentary", "the news", "cartoons"],
    "device": ["the thermostat", "the vacuum", "the sprinklers", "the coffee machine", "the tv", "the fan"],
}
OUT_OF_SCOPE = dict(
    train=[
        "what's the weather like in {city}", "will it rain tomorrow", "how hot is it outside", "do I need an umbrella today",
        "is it going to snow in {city} this weekend", "play {song}", "play some {genre}", "put on something by {artist}",
        "skip this song", "turn the volume up", "set an alarm for {time}", "wake me up at {time}", "set a timer for {minutes} minutes",
        "how much time is left on my timer", "turn on the {room} lights", "dim the lights in the {room}", "switch off {device}",
        "set the thermostat to 70", "what's the latest news", "read me the headlines about {topic}", "did {team} win last night",
        "what's the score of the {team} game", "when do {team} play next", "how do I make {dish}", "give me a recipe for {dish}",
        "how long do I boil an egg", "what is {number} times {number}", "what's the square root of {number}",
        "how many ounces in a cup", "translate {phrase} into {language}", "how do you say {phrase} in {language}",
        "who was {person}", "how old is {person}", "tell me about {thing}", "how far away is the moon", "how does {thing} work",
        "why is the sky blue", "tell me a joke", "tell me something funny", "sing me a song", "what's your favourite color",
        "how old are you", "are you a robot", "do you have feelings", "what's your name", "who made you", "I'm bored",
        "I love you", "you're the best", "you're so annoying", "good morning", "hello there", "how are you today",
        "what is the meaning of life", "flip a coin", "roll a die", "pick a number between one and {number}",
        "order {product}", "add {product} to my cart", "where is my package", "find a pharmacy near me",
        "what time does the pharmacy close", "are {animal} smart", "how long do {animal} live", "what do {animal} eat",
        "remind me to breathe", "what day is it today", "what time is it in {city}", "what's the capital of Peru",
        "spell necessary", "define serendipity", "what's a synonym for happy", "open the garage door", "lock the front door",
        "start the vacuum", "record {show}", "turn on {show}", "change the channel", "what's on tv tonight",
        "how many calories in an apple", "am I getting sick", "what's good for a headache", "turn on airplane mode",
        "take a screenshot", "how much battery do I have left", "update my phone", "um", "okay so", "never mind", "hmm",
        "wait what", "cancel that", "nothing", "blah blah", "testing one two three", "can you hear me",
    ],
    test=[
        "is there a chance of thunderstorms in {city}", "what's the forecast for the weekend", "crank up {artist}",
        "shuffle my {genre} playlist", "who sings this song", "snooze for ten minutes", "count down {minutes} minutes for the pasta",
        "make it brighter in the {room}", "is {device} still running", "any headlines this morning", "who is leading the league",
        "did {team} make the playoffs", "what can I cook with eggs and spinach", "how much flour goes into {dish}",
        "divide {number} by four", "convert 30 celsius to fahrenheit", "what does bonjour mean", "say {phrase} in {language} please",
        "when did {person} die", "explain {thing} like I'm five", "how deep is the ocean", "who painted the Mona Lisa",
        "got any riddles for me", "do you dream", "are you married", "what are you wearing", "you're funny",
        "I'm feeling a bit sad today", "thanks, that's all", "see you later alligator", "do you like pizza",
        "what should I name my goldfish", "buy more {product}", "track the delivery from yesterday", "is the bank open on sundays",
        "do {animal} sleep", "how big is a blue whale", "how many legs does a spider have", "what year is it",
        "what's the tallest building in the world", "turn the tv off", "pause the movie", "fast forward a bit",
        "is it safe to eat raw cookie dough", "how much water should I drink", "restart my phone", "turn on bluetooth",
        "uh", "so yeah", "whatever", "hello? anybody there", "la la la", "I don't know",
    ],
)
GIBBERISH_TRAIN, GIBBERISH_TEST, GIBBERISH_DEV = 25, 8, 5


def gibberish(rng):
    """A line of made-up words, as from a stray keyboard or a mis-heard sound."""
    consonants, vowels = "bcdfghjklmnpqrstvwxz", "aeiouy"
    words = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.3:
            words.append("".join(rng.choice("asdfghjklqwertyuiopzxcvbnm") for _ in range(rng.randint(3, 8))))
        else:
            words.append("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(1, 3))))
    return " ".join(words)


def out_of_scope(rng, templates, count, gibberish_count, exclude=()):
    """`count` distinct out-of-scope utterances from `templates`, then `gibberish_count` lines of
    gibberish; none of them in `exclude`."""
    seen, result, attempts = {u.lower() for u in exclude}, [], 0
    while len(result) < count and attempts < count * 50:
        attempts += 1
        template = templates[len(result) % len(templates)] if attempts <= len(templates) else rng.choice(templates)
        parts, position = [], 0
        for match in re.finditer(r"\{(\w+)\}", template):
            text = rng.choice(OUT_OF_SCOPE_FILL[match.group(1)])
            parts += [agree(template[position:match.start()], text), text]
            position = match.end()
        sentence = "".join(parts) + template[position:]
        if rng.random() < 0.3:
            sentence = sentence[0].upper() + sentence[1:]
        if sentence.lower() not in seen:
            seen.add(sentence.lower())
            result.append(sentence)
    while gibberish_count > 0:
        sentence = gibberish(rng)
        if sentence not in seen:
            seen.add(sentence)
            result.append(sentence)
            gibberish_count -= 1
    return result


FILLER_OVERRIDE = {  # slot name -> filler list, for slots whose entity is freeText or built-in
    ("SendMessage", "content"): MESSAGES, ("SendPayment", "note"): NOTES, ("RequestPayment", "note"): NOTES,
    ("SearchMessages", "query"): QUERIES, ("SearchNotes", "query"): QUERIES, ("CreateNote", "title"): TITLES,
    ("CreateNote", "content"): MESSAGES, ("AddToList", "item"): ITEMS,
}


def fill(rng, intent, slot, entity):
    """A (text, canonical value or None) for one slot."""
    if (intent, slot) in FILLER_OVERRIDE:
        return rng.choice(FILLER_OVERRIDE[(intent, slot)]), None
    if entity == "builtin.amountOfMoney":
        return rng.choice(AMOUNTS)
    if entity == "builtin.number":
        return rng.choice(NUMBERS)
    if entity == "builtin.dateTime":
        return rng.choice(PAST if intent in ("SearchMessages", "SearchPhotos") else DATES), None
    if entity == "builtin.duration":
        return rng.choice(DURATIONS), None
    spec = ENTITIES[entity]
    choices = []
    for (_id, phrase, synonyms, _p, _e) in spec["values"]:
        choices.append((phrase, None))
        choices.extend((synonym, phrase) for synonym in synonyms)
    choices.extend((name, None) for name in OPEN.get(entity, []))
    return rng.choice(choices)


def escape(text):
    return re.sub(r"([\[\]\\])", r"\\\1", text)


DETERMINER = re.compile(r"(?:^|(?<=\s))(?:a|an|the|my|your) $", re.IGNORECASE)
ARTICLE = re.compile(r"(?:^|(?<=\s))(a|an) $", re.IGNORECASE)


def agree(before, filler):
    """The template text before a slot, made to fit the filler: a filler that brings its own
    determiner ("the moon racer", "a pool", "my nest egg") replaces the template's, and "a"/"an"
    follows the filler's first sound ("an indoor cycle", "a swim", "a unicorn prance", "a HIIT")."""
    if re.match(r"(?:a|an|the|my|your)\s", filler, re.IGNORECASE):
        return DETERMINER.sub("", before)
    article = ARTICLE.search(before)
    if article:
        word = filler.lower()
        vowel = (word[:1] in "aeiou" and not word.startswith(("uni", "use", "eu", "one", "hiit"))) or word.startswith(("hour", "honest"))
        wanted = "an" if vowel else "a"
        if article.group(1).lower() != wanted:
            if article.group(1)[0].isupper():
                wanted = wanted.capitalize()
            return before[:article.start()] + wanted + " "
    return before


def realise(rng, intent, parameters, template):
    out = []
    position = 0
    for match in re.finditer(r"\{(\w+)\}", template):
        slot = match.group(1)
        text, value = fill(rng, intent, slot, parameters[slot])
        out.append(escape(agree(template[position:match.start()], text)))
        label = slot if value is None or value == text else f"{slot}: {value}"
        out.append(f"[{escape(text)}]({label})")
        position = match.end()
    out.append(escape(template[position:]))
    sentence = "".join(out)
    # People type in many ways: vary the first letter's case and a final question mark or period.
    roll = rng.random()
    if roll < 0.3 and sentence[:1].isalpha():
        sentence = sentence[0].upper() + sentence[1:]
    if rng.random() < 0.1:
        sentence += "?" if sentence.split()[0].lower() in ("what", "what's", "how", "is", "when", "where", "do", "can", "could", "any") else "."
    return sentence


def generate(rng, intent, spec, templates, count):
    parameters = {name: entity for (name, entity, _r, _p) in spec["parameters"]}
    seen, result, attempts = set(), [], 0
    while len(result) < count and attempts < count * 50:
        attempts += 1
        sentence = realise(rng, intent, parameters, templates[len(result) % len(templates)] if attempts <= len(templates) else rng.choice(templates))
        if sentence not in seen:
            seen.add(sentence)
            result.append(sentence)
    return result


def yaml_string(text):
    plain = re.fullmatch(r"[A-Za-z\[][^:#'\"\n]*[^:\s]", text) and not text.startswith("[") \
        and text.lower() not in ("yes", "no", "true", "false", "on", "off", "null")
    return text if plain else json.dumps(text, ensure_ascii=False)


def flow(pairs):
    parts = []
    for key, value in pairs:
        if isinstance(value, bool):
            parts.append(f"{key}: {'true' if value else 'false'}")
        elif isinstance(value, list):
            parts.append(f"{key}: [" + ", ".join(json.dumps(v, ensure_ascii=False) for v in value) + "]")
        else:
            parts.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    return "{" + ", ".join(parts) + "}"


HEADER = "# Generated by scripts/data/generate-default-corpus.py; edit the script, not this file.\n"


def write_entities(path):
    lines = [HEADER, "entities:"]
    for name, spec in ENTITIES.items():
        lines.append(f"  - name: {name}")
        if not spec["open"]:
            lines.append("    allowsOtherValues: false")
        if spec["values"]:
            lines.append("    values:")
        for (id_, phrase, synonyms, pronunciation, examples) in spec["values"]:
            pairs = [("phrase", phrase), ("id", id_)]
            if synonyms:
                pairs.append(("synonyms", synonyms))
            if pronunciation:
                pairs.append(("pronunciation", pronunciation))
            if examples:
                pairs.append(("examples", examples))
            lines.append("      - " + flow(pairs))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def words_of(templates):
    return {w for t in templates for w in re.findall(r"[a-z']+", re.sub(r"\{\w+\}", " ", t.lower()))}


def check_dev_phrasings():
    """The dev phrasings use none of the words that only the held-out templates use."""
    train = words_of(t for intents in DOMAINS.values() for spec in intents.values() for t in spec["train"])
    train |= words_of(t for templates in MORE_PHRASINGS.values() for t in templates)
    train |= words_of(OUT_OF_SCOPE["train"] + MORE_OUT_OF_SCOPE)
    held_out_only = words_of(t for intents in DOMAINS.values() for spec in intents.values() for t in spec["test"]) - train
    held_out_only |= words_of(OUT_OF_SCOPE["test"]) - train
    dev = words_of(t for templates in DEV_PHRASINGS.values() for t in templates) | words_of(DEV_OUT_OF_SCOPE)
    assert not dev & held_out_only, sorted(dev & held_out_only)


def main():
    arguments = argparse.ArgumentParser(description="Writes the default corpus's training, dev and held-out files.")
    arguments.add_argument("--sample", type=int, default=0, help="another sample of the corpus (0: the committed one)")
    arguments.add_argument("--output", default=ROOT, help="the directory of assistant/, assistant-dev/ and assistant-test/")
    arguments.add_argument("--more-phrasings", type=float, default=1.0, metavar="SHARE",
                           help="the share of the training-only phrasings to keep (a seeded sample; default 1: all)")
    arguments.add_argument("--phrasings-seed", type=int, default=0, help="the seed of that sample")
    options = arguments.parse_args()
    stream = 10 * options.sample  # an offset for every random stream
    check_dev_phrasings()
    if options.more_phrasings < 1:
        sample = random.Random(options.phrasings_seed)
        for intent, templates in MORE_PHRASINGS.items():
            MORE_PHRASINGS[intent] = [t for t in templates if sample.random() < options.more_phrasings]
    for intents in DOMAINS.values():
        for intent, spec in intents.items():
            spec["train"] = spec["train"] + MORE_PHRASINGS[intent]
    OUT_OF_SCOPE["train"] = OUT_OF_SCOPE["train"] + MORE_OUT_OF_SCOPE
    assert not set(OUT_OF_SCOPE["train"]) & set(OUT_OF_SCOPE["test"])
    rng = random.Random(20261122 + stream)
    train_dir = os.path.join(options.output, "assistant")
    test_dir = os.path.join(options.output, "assistant-test")
    os.makedirs(train_dir, exist_ok=True)
    os.makedirs(test_dir, exist_ok=True)
    write_entities(os.path.join(train_dir, "entities.yaml"))
    test_lines = [HEADER, "# Held-out utterances: phrasings that never occur in ../assistant.", "schema: ../assistant", "intents:"]
    total_train = total_test = 0
    train_by_intent = {}
    for domain, intents in DOMAINS.items():
        lines = [HEADER, f"domain: {domain}", "intents:"]
        for intent, spec in intents.items():
            assert not set(spec["train"]) & set(spec["test"]), intent
            lines.append(f"  - name: {intent}")
            lines.append("    parameters:")
            for (name, entity, required, prompt) in spec["parameters"]:
                pairs = [("name", name), ("entity", entity)]
                if required:
                    pairs.append(("required", True))
                if prompt:
                    pairs.append(("prompt", prompt))
                lines.append("      - " + flow(pairs).replace('name: "' + name + '"', "name: " + name).replace('entity: "' + entity + '"', "entity: " + entity))
            lines.append("    utterances:")
            train = generate(rng, intent, spec, spec["train"], TRAIN_PER_INTENT)
            lines.extend("      - " + yaml_string(u) for u in train)
            total_train += len(train)
            train_by_intent[intent] = set(train)
            test = [u for u in generate(rng, intent, spec, spec["test"], TEST_PER_INTENT) if u not in set(train)]
            test_lines.append(f"  - name: {intent}")
            test_lines.append("    utterances:")
            test_lines.extend("      - " + yaml_string(u) for u in test)
            total_test += len(test)
        with open(os.path.join(train_dir, f"{domain}.yaml"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    oos_rng = random.Random(20261126 + stream)
    oos_train = out_of_scope(oos_rng, OUT_OF_SCOPE["train"], 300, GIBBERISH_TRAIN)
    lines = [HEADER, "# Requests for none of the assistant's intents: IntentKit reads the intent out_of_scope as no intent.",
             "domain: outOfScope", "intents:", f"  - name: {OUT_OF_SCOPE_INTENT}", "    utterances:"]
    lines.extend("      - " + yaml_string(escape(u)) for u in oos_train)
    with open(os.path.join(train_dir, "out-of-scope.yaml"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    oos_test = out_of_scope(oos_rng, OUT_OF_SCOPE["test"], 120, GIBBERISH_TEST, exclude=oos_train)
    test_lines += [f"  - name: {OUT_OF_SCOPE_INTENT}", "    utterances:"] + ["      - " + yaml_string(escape(u)) for u in oos_test]
    total_train += len(oos_train)
    total_test += len(oos_test)
    train_by_intent[OUT_OF_SCOPE_INTENT] = set(oos_train)
    with open(os.path.join(test_dir, "assistant-test.yaml"), "w", encoding="utf-8") as f:
        f.write("\n".join(test_lines) + "\n")

    dev_rng = random.Random(20261125 + stream)
    new_rng = random.Random(20261127 + stream)  # the dev phrasings' own stream: the other dev utterances stay as they were
    dev_dir = os.path.join(options.output, "assistant-dev")
    os.makedirs(dev_dir, exist_ok=True)
    dev_lines = [HEADER, "# Dev utterances, never a training utterance: the training phrasings with new fillers, and phrasings of the dev split's own.",
                 "schema: ../assistant", "intents:"]
    total_dev = 0
    for domain, intents in DOMAINS.items():
        for intent, spec in intents.items():
            candidates = generate(dev_rng, intent, spec, spec["train"], DEV_PER_INTENT * 4)
            taken = {u.lower() for u in train_by_intent[intent]}
            dev = [u for u in candidates if u.lower() not in taken][:DEV_PER_INTENT]
            assert not set(DEV_PHRASINGS[intent]) & (set(spec["train"]) | set(spec["test"])), intent
            fresh = generate(new_rng, intent, spec, DEV_PHRASINGS[intent], DEV_NEW_PER_INTENT)
            dev += [u for u in fresh if u.lower() not in taken and u not in dev]
            dev_lines.append(f"  - name: {intent}")
            dev_lines.append("    utterances:")
            dev_lines.extend("      - " + yaml_string(u) for u in dev)
            total_dev += len(dev)
    oos_dev = out_of_scope(dev_rng, OUT_OF_SCOPE["train"], 60, GIBBERISH_DEV, exclude=train_by_intent[OUT_OF_SCOPE_INTENT])
    assert not set(DEV_OUT_OF_SCOPE) & (set(OUT_OF_SCOPE["train"]) | set(OUT_OF_SCOPE["test"]))
    oos_dev += out_of_scope(new_rng, DEV_OUT_OF_SCOPE, 40, GIBBERISH_DEV_NEW, exclude=train_by_intent[OUT_OF_SCOPE_INTENT] | set(oos_dev))
    dev_lines += [f"  - name: {OUT_OF_SCOPE_INTENT}", "    utterances:"] + ["      - " + yaml_string(escape(u)) for u in oos_dev]
    total_dev += len(oos_dev)
    with open(os.path.join(dev_dir, "assistant-dev.yaml"), "w", encoding="utf-8") as f:
        f.write("\n".join(dev_lines) + "\n")
    phrasings = sum(len(spec["train"]) for intents in DOMAINS.values() for spec in intents.values())
    print(f"{len(DOMAINS)} domains, {sum(len(i) for i in DOMAINS.values())} intents, "
          f"{len(ENTITIES)} entities, {total_train} training, {total_dev} dev and {total_test} test utterances; "
          f"{phrasings} training phrasings")


if __name__ == "__main__":
    main()
