/*
 * intentkit.h — IntentKit's C API: load a model trained by `intentkit train`, parse UTF-8
 * utterances into JSON (the JSON `intentkit parse` writes, one compact object), give the parser a
 * user's vocabulary, shortcut phrases and history, and extract built-in entities.
 *
 * Build the shared library with `swift build -c release --product CIntentKit`
 * (.build/release/libCIntentKit.so, or .dylib on macOS), then
 *     cc -ISources/CIntentKitABI/include app.c -L.build/release -lCIntentKit -Wl,-rpath,<that directory>
 * The library needs the Swift runtime libraries at run time (in the toolchain's
 * usr/lib/swift/linux, or installed with it).
 *
 * Ownership. Every `char *` the library returns (JSON, error messages) is allocated by it and
 * must be released with ik_string_free; a model with ik_model_free. Strings passed in are
 * borrowed for the call only.
 *
 * Errors. Every function that can fail returns an ik_status; on failure its out-parameters are
 * left NULL and, when `error` is not NULL, *error receives a message naming what is wrong
 * (release it with ik_string_free). No input makes the library abort the process: invalid UTF-8,
 * a corrupt or truncated model, malformed vocabulary and NULL arguments are errors.
 *
 * Threads. One model may be used from any number of threads at once: ik_parse takes a snapshot
 * of the model and its vocabulary, so a concurrent ik_model_set_vocabulary applies to the
 * parses that start after it. ik_model_free must not race with other calls on the same model.
 */
#ifndef INTENTKIT_H
#define INTENTKIT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header's ABI; ik_abi_version() returns the library's. */
#define INTENTKIT_ABI_VERSION 1

/* Nonzero when the library loaded at run time implements the ABI this header declares. */
#define IK_ABI_COMPATIBLE() (ik_abi_version() == INTENTKIT_ABI_VERSION)

typedef enum ik_status {
    IK_OK = 0,
    IK_INVALID_ARGUMENT = 1,   /* a NULL where a value is needed, an unknown time zone, top_k < 1 */
    IK_INVALID_UTF8 = 2,       /* a string that is not valid UTF-8 */
    IK_MODEL_ERROR = 3,        /* a model file missing, unreadable, corrupt, truncated, or of an unknown format */
    IK_VOCABULARY_ERROR = 4,   /* vocabulary that is not a mapping of entity names to lists of terms; shortcuts, a history or reservations that do not read */
    IK_INTERNAL_ERROR = 5
} ik_status;

/* A loaded model and the user vocabulary it parses with. */
typedef struct ik_model ik_model;

/* Options of ik_parse and ik_extract_entities; ik_parse_options_init sets the defaults. */
typedef struct ik_parse_options {
    int top_k;                  /* intents to report, the best one included (default 1) */
    int resolve;                /* nonzero: resolve every parameter ("parameters" in the JSON) */
    double reference_time;      /* seconds since 1970 that relative dates resolve against; NAN (default): now */
    const char *time_zone;      /* an IANA name ("Europe/Paris"); NULL (default): the process's */
    double minimum_confidence;  /* below it an utterance is out of scope; NAN (default): the model's */
} ik_parse_options;

/* The library's ABI version (compare with INTENTKIT_ABI_VERSION) and its release ("0.6.0"),
   a static string not to be freed. */
int ik_abi_version(void);
const char *ik_version(void);

void ik_parse_options_init(ik_parse_options *options);

/* Loads the model file at `path`, or from `length` bytes of a model file at `bytes`. A model
   trained with a sentence encoder loads it from itself when it carries it (`train
   --carry-encoder`), else from the directory it recorded, else wherever the same encoder is
   installed ($INTENTKIT_ENCODERS, $XDG_DATA_HOME/intentkit/encoders, the active Python
   environment's packages, /usr/local/share/intentkit/encoders); IK_MODEL_ERROR names it when it
   is nowhere. */
ik_status ik_model_load(const char *path, ik_model **model, char **error);
ik_status ik_model_load_bytes(const void *bytes, size_t length, ik_model **model, char **error);
void ik_model_free(ik_model *model);

/* Parses `utterance` (UTF-8) into *json: {"text", "intent" (absent when out of scope),
   "outOfScope", "confidence", "slots", "alternatives" (with top_k > 1, or out of scope),
   "parameters" (with resolve)}. `options` may be NULL for the defaults. */
ik_status ik_parse(ik_model *model, const char *utterance, const ik_parse_options *options, char **json, char **error);

/* Parses `utterance` as one request or two joined ones ("lock the car and start a run") into
   *json: {"requests": [parse, …], "text"}, each parse as ik_parse writes it, of its own part of
   the text. It splits at a joining word into two parts of different intents, each at least
   `split_confidence` sure; NAN: the default, 0.5. */
ik_status ik_parse_requests(ik_model *model, const char *utterance, const ik_parse_options *options, double split_confidence,
                            char **json, char **error);

/* Replaces the model's user vocabulary with `vocabulary`, JSON or YAML mapping entity names to
   terms, highest priority first: a phrase, or {"phrase", "id", "pronunciation", "alternatives"}. */
ik_status ik_model_set_vocabulary(ik_model *model, const char *vocabulary, char **error);
void ik_model_clear_vocabulary(ik_model *model);

/* Replaces the model's user shortcuts with `shortcuts`, JSON or YAML: a list of {"phrase",
   "intent", "parameters" (name → value), "id"}. An utterance that is one of the phrases (case,
   punctuation and spacing aside) parses to that intent and values, with "shortcut": id in the
   JSON. Shortcuts that do not read, or name an intent, parameter or closed value the model's
   schema lacks, are IK_VOCABULARY_ERROR. */
ik_status ik_model_set_shortcuts(ik_model *model, const char *shortcuts, char **error);
void ik_model_clear_shortcuts(ik_model *model);

/* With a model trained with the sentence encoder, also match a shortcut phrase said another way
   ("it's soup time"): an utterance whose encoder vector has at least `similarity` cosine
   similarity (0 to 1) with a phrase's parses to that shortcut, the similarity its confidence.
   NAN turns it off (the default). Setting it encodes the shortcuts' phrases once, as setting
   shortcuts afterwards does. A model without an encoder is IK_INVALID_ARGUMENT. */
ik_status ik_model_set_shortcut_similarity(ik_model *model, double similarity, char **error);

/* Replaces the user's history with `history`, JSON or YAML: a list of {"intent", "parameters",
   "date" ("YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", optionally with an offset)}, the interactions an
   app donated. An unsure parse leans to the intents the user uses, and a required value they
   habitually give is proposed (outcome confirmationRequired). A history that does not read,
   or names an intent or parameter the model's schema lacks, is IK_VOCABULARY_ERROR. */
ik_status ik_model_set_history(ik_model *model, const char *history, char **error);
void ik_model_clear_history(ik_model *model);

/* Replaces the user's reservations with `reservations`, JSON or YAML: a list of {"id",
   "category" (restaurant, lodging, flight, train, bus, boat, rentalCar, ticketedEvent), "start",
   "end", "phrase", "number", "place", "from", "to", "party", "status"}, the reservations apps
   donated. With resolve, a parameter of the entity builtin.reservation resolves to the one a
   request points at ("cancel Friday's table"): its id, a disambiguation when several fit alike,
   needsValue when none does. Reservations that do not read are IK_VOCABULARY_ERROR. */
ik_status ik_model_set_reservations(ik_model *model, const char *reservations, char **error);
void ik_model_clear_reservations(ik_model *model);

/* The built-in entities of `text` into *json: {"text", "entities": [{"kind", "text", "start",
   "end", "value"}]}, as `intentkit entities --json` writes them; `options` may be NULL (only
   reference_time and time_zone are read). */
ik_status ik_extract_entities(const char *text, const ik_parse_options *options, char **json, char **error);

void ik_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
