/* The C API's tests, run by scripts/test-c-api: every function's answers, every error path
 * (an error status and a message, never a crash), and one model shared by several threads.
 *     api_test MODEL_FILE
 */
#include <intentkit.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition, ...)                                  \
    do {                                                       \
        if (!(condition)) {                                    \
            failures++;                                        \
            fprintf(stderr, "%s:%d: failed: %s: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                      \
            fprintf(stderr, "\n");                             \
        }                                                      \
    } while (0)

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size);
    *length = fread(bytes, 1, (size_t)size, file);
    fclose(file);
    return bytes;
}

/* ik_parse that must succeed; the JSON, to be freed. */
static char *parse(ik_model *model, const char *text, const ik_parse_options *options) {
    char *json = NULL, *error = NULL;
    ik_status status = ik_parse(model, text, options, &json, &error);
    CHECK(status == IK_OK && json && !error, "parse '%s': status %d, %s", text, status, error ? error : "");
    ik_string_free(error);
    return json;
}

/* A call (which writes its message to `error`) that must fail with `expected` and a message. */
#define EXPECT_ERROR(expected, what, call)                                                  \
    do {                                                                                    \
        char *error = NULL;                                                                 \
        ik_status status = (call);                                                          \
        CHECK(status == (expected), "%s: status %d, expected %d", what, status, expected);  \
        CHECK(error && strlen(error) > 0, "%s: no message", what);                          \
        ik_string_free(error);                                                              \
    } while (0)

static void test_versions(void) {
    CHECK(IK_ABI_COMPATIBLE(), "ABI %d", ik_abi_version());
    CHECK(strlen(ik_version()) >= 5, "version '%s'", ik_version());
}

static void test_parse(ik_model *model) {
    char *json = parse(model, "send Buttercup 85 bucks", NULL);
    CHECK(json && strstr(json, "\"intent\":\"SendPayment\"") && strstr(json, "\"name\":\"payee\"")
              && strstr(json, "\"kind\":\"amountOfMoney\",\"unit\":\"USD\",\"value\":85") && !strstr(json, "alternatives")
              && !strstr(json, "parameters"),
          "%s", json);
    ik_string_free(json);

    ik_parse_options options;
    ik_parse_options_init(&options);
    CHECK(options.top_k == 1 && !options.resolve && isnan(options.reference_time) && !options.time_zone
              && isnan(options.minimum_confidence), "defaults");
    options.top_k = 2;
    options.resolve = 1;
    json = parse(model, "send Buttercup 85 bucks", &options);
    CHECK(json && strstr(json, "\"alternatives\":[{") && strstr(json, "\"parameters\":[{") && strstr(json, "\"outcome\":\"success\""),
          "%s", json);
    ik_string_free(json);

    /* Out of scope: an empty utterance always; a minimum confidence of 1 turns everything away. */
    json = parse(model, "", NULL);
    CHECK(json && strstr(json, "\"outOfScope\":true") && !strstr(json, "\"intent\""), "%s", json);
    ik_string_free(json);
    ik_parse_options_init(&options);
    options.minimum_confidence = 1;
    json = parse(model, "check my balance", &options);
    CHECK(json && strstr(json, "\"outOfScope\":true"), "%s", json);
    ik_string_free(json);

    /* UTF-8 passes through: the text comes back as written. */
    json = parse(model, "Música y NestEgg 🍕", NULL);
    CHECK(json && strstr(json, "\"text\":\"Música y NestEgg 🍕\""), "%s", json);
    ik_string_free(json);
}

static void test_dates(void) {
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.reference_time = 1795334400; /* Sunday 22 November 2026, 08:00 UTC */
    options.time_zone = "UTC";
    char *json = NULL, *error = NULL;
    CHECK(ik_extract_entities("tomorrow at 5pm", &options, &json, &error) == IK_OK, "%s", error ? error : "");
    CHECK(json && strstr(json, "2026-11-23T17:00") && strstr(json, "\"kind\":\"dateTime\""), "%s", json);
    ik_string_free(json);
    options.time_zone = "Asia/Tokyo"; /* 17:00 there, already the 22nd: tomorrow is the 23rd */
    CHECK(ik_extract_entities("tomorrow", &options, &json, &error) == IK_OK, "%s", error ? error : "");
    CHECK(json && strstr(json, "2026-11-23"), "%s", json);
    ik_string_free(json);
    CHECK(ik_extract_entities("no entity here", NULL, &json, &error) == IK_OK && json && strstr(json, "\"entities\":[]"), "%s",
          json ? json : "");
    ik_string_free(json);
}

static void test_vocabulary(ik_model *model) {
    char *error = NULL;
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.resolve = 1;
    CHECK(ik_model_set_vocabulary(model, "{\"contact\": [{\"phrase\": \"Buttercup Jones\", \"id\": \"contact-17\"}, "
                                         "{\"phrase\": \"Buttercup Smith\", \"id\": \"contact-42\"}]}",
                                  &error) == IK_OK,
          "%s", error ? error : "");
    char *json = parse(model, "send Buttercup 85 bucks", &options);
    CHECK(json && strstr(json, "contact-17") && strstr(json, "contact-42"), "with vocabulary: %s", json);
    ik_string_free(json);
    ik_model_clear_vocabulary(model);
    json = parse(model, "send Buttercup 85 bucks", &options);
    CHECK(json && !strstr(json, "contact-17"), "cleared: %s", json);
    ik_string_free(json);
}

static void test_shortcuts(ik_model *model) {
    char *error = NULL;
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.resolve = 1;
    CHECK(ik_model_set_shortcuts(model, "[{\"phrase\": \"pay the usual\", \"intent\": \"SendPayment\", "
                                        "\"parameters\": {\"amount\": \"85 dollars\"}, \"id\": \"usual\"}]",
                                 &error) == IK_OK,
          "%s", error ? error : "");
    char *json = parse(model, "Pay the usual!", &options);
    CHECK(json && strstr(json, "\"shortcut\":\"usual\"") && strstr(json, "\"intent\":\"SendPayment\"") && strstr(json, "\"value\":85"),
          "with shortcuts: %s", json);
    ik_string_free(json);
    /* This model has no sentence encoder: near phrasings cannot be matched, and it says so. */
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "similarity without an encoder", ik_model_set_shortcut_similarity(model, 0.8, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "similarity 2", ik_model_set_shortcut_similarity(model, 2, &error));
    CHECK(ik_model_set_shortcut_similarity(model, NAN, &error) == IK_OK, "off: %s", error ? error : "");
    ik_model_clear_shortcuts(model);
    json = parse(model, "Pay the usual!", &options);
    CHECK(json && !strstr(json, "\"shortcut\""), "cleared: %s", json);
    ik_string_free(json);
}

static void test_history(ik_model *model) {
    char *error = NULL;
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.resolve = 1;
    CHECK(ik_model_set_history(model, "[{\"intent\": \"SendPayment\", \"parameters\": {\"payee\": \"Buttercup\"}, \"date\": \"2026-12-01\"}]",
                               &error) == IK_OK,
          "%s", error ? error : "");
    char *json = parse(model, "pay 20 dollars", &options);
    CHECK(json && strstr(json, "\"outcome\":\"confirmationRequired\"") && strstr(json, "Buttercup"), "with history: %s", json);
    ik_string_free(json);
    ik_model_clear_history(model);
    json = parse(model, "pay 20 dollars", &options);
    CHECK(json && !strstr(json, "confirmationRequired"), "cleared: %s", json);
    ik_string_free(json);
}

static void test_requests(ik_model *model) {
    char *json = NULL, *error = NULL;
    CHECK(ik_parse_requests(model, "send Buttercup 85 bucks and check my balance", NULL, NAN, &json, &error) == IK_OK,
          "%s", error ? error : "");
    CHECK(json && strstr(json, "{\"requests\":[{") && strstr(json, "\"intent\":\"SendPayment\"") && strstr(json, "\"intent\":\"CheckBalance\"")
              && strstr(json, "\"text\":\"check my balance\"") && strstr(json, "],\"text\":\"send Buttercup 85 bucks and check my balance\"}"),
          "two requests: %s", json);
    ik_string_free(json);
    CHECK(ik_parse_requests(model, "send Buttercup 85 bucks and check my balance", NULL, 1.0, &json, &error) == IK_OK, "%s", error ? error : "");
    /* No split is surer than 1: the whole text is one request, whichever intent it gets. */
    CHECK(json && !strstr(json, "\"text\":\"check my balance\"")
              && strstr(json, "\"text\":\"send Buttercup 85 bucks and check my balance\"}],\"text\":"),
          "none is surer than 1: %s", json);
    ik_string_free(json);
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "split_confidence 2", ik_parse_requests(model, "hi", NULL, 2, &json, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "requests: NULL model", ik_parse_requests(NULL, "hi", NULL, NAN, &json, &error));
}

static void test_errors(const char *path) {
    ik_model *model = (ik_model *)1;
    char *error = NULL, *json = (char *)1;
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL path", ik_model_load(NULL, &model, &error));
    CHECK(model == NULL, "model not cleared");
    EXPECT_ERROR(IK_MODEL_ERROR, "missing file", ik_model_load("/nonexistent/model", &model, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL out-parameter", ik_model_load(path, NULL, &error));
    CHECK(ik_model_load("/nonexistent/model", &model, NULL) == IK_MODEL_ERROR, "without a message");
    EXPECT_ERROR(IK_INVALID_UTF8, "invalid UTF-8 path", ik_model_load("bad\xff\xfe", &model, &error));

    size_t length = 0;
    char *bytes = read_file(path, &length);
    CHECK(bytes && length > 100, "read %s", path);
    EXPECT_ERROR(IK_MODEL_ERROR, "truncated bytes", ik_model_load_bytes(bytes, length / 2, &model, &error));
    bytes[length / 2] ^= 0x5A;
    EXPECT_ERROR(IK_MODEL_ERROR, "corrupt bytes", ik_model_load_bytes(bytes, length, &model, &error));
    bytes[length / 2] ^= 0x5A;
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL bytes", ik_model_load_bytes(NULL, 10, &model, &error));
    EXPECT_ERROR(IK_MODEL_ERROR, "no bytes", ik_model_load_bytes(bytes, 0, &model, &error));
    CHECK(ik_model_load_bytes(bytes, length, &model, &error) == IK_OK && model, "from bytes: %s", error ? error : "");
    free(bytes);

    EXPECT_ERROR(IK_INVALID_UTF8, "invalid UTF-8 utterance", ik_parse(model, "caf\xc3", NULL, &json, &error));
    CHECK(json == NULL, "json not cleared");
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL utterance", ik_parse(model, NULL, NULL, &json, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL model", ik_parse(NULL, "hi", NULL, &json, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL json out-parameter", ik_parse(model, "hi", NULL, NULL, &error));
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.top_k = 0;
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "top_k 0", ik_parse(model, "hi", &options, &json, &error));
    ik_parse_options_init(&options);
    options.time_zone = "Mars/Olympus_Mons";
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "unknown time zone", ik_parse(model, "hi", &options, &json, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "entities: unknown time zone", ik_extract_entities("tomorrow", &options, &json, &error));
    ik_parse_options_init(&options);
    options.minimum_confidence = 1.5;
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "minimum confidence 1.5", ik_parse(model, "hi", &options, &json, &error));

    EXPECT_ERROR(IK_VOCABULARY_ERROR, "malformed vocabulary", ik_model_set_vocabulary(model, "[1, 2", &error));
    EXPECT_ERROR(IK_VOCABULARY_ERROR, "vocabulary not a mapping", ik_model_set_vocabulary(model, "[\"a list\"]", &error));
    EXPECT_ERROR(IK_VOCABULARY_ERROR, "shortcut of an unknown intent",
                 ik_model_set_shortcuts(model, "[{\"phrase\": \"go\", \"intent\": \"Nope\"}]", &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL shortcuts", ik_model_set_shortcuts(model, NULL, &error));
    EXPECT_ERROR(IK_VOCABULARY_ERROR, "history with a bad date",
                 ik_model_set_history(model, "[{\"intent\": \"SendPayment\", \"date\": \"soon\"}]", &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "NULL vocabulary", ik_model_set_vocabulary(model, NULL, &error));
    EXPECT_ERROR(IK_INVALID_ARGUMENT, "vocabulary: NULL model", ik_model_set_vocabulary(NULL, "{}", &error));
    EXPECT_ERROR(IK_INVALID_UTF8, "entities: invalid UTF-8", ik_extract_entities("\xff", NULL, &json, &error));
    ik_model_clear_vocabulary(NULL);
    ik_model_free(NULL);
    ik_string_free(NULL);
    ik_model_free(model);
}

/* Threads parse on one model while another replaces its vocabulary: every answer is one a
   single thread gives, with or without the vocabulary. */
enum { threadCount = 4, parsesPerThread = 300 };
static const char *utterances[] = {"send Buttercup 85 bucks", "check my balance", "pay Celestra twenty euros with UPay",
                                   "how much is in nest egg"};
static char *expected[2][4];
static ik_model *shared;

static void *parse_thread(void *argument) {
    long index = (long)argument;
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.resolve = 1;
    for (int i = 0; i < parsesPerThread; i++) {
        int u = (int)((index + i) % 4);
        char *json = NULL, *error = NULL;
        if (ik_parse(shared, utterances[u], &options, &json, &error) != IK_OK) {
            __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
            ik_string_free(error);
            continue;
        }
        if (strcmp(json, expected[0][u]) != 0 && strcmp(json, expected[1][u]) != 0) {
            __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
            fprintf(stderr, "thread %ld: unexpected answer %s\n", index, json);
        }
        ik_string_free(json);
    }
    return NULL;
}

static void *vocabulary_thread(void *argument) {
    (void)argument;
    for (int i = 0; i < 100; i++) {
        if (i % 2 == 0) {
            char *error = NULL;
            if (ik_model_set_vocabulary(shared, "{\"contact\": [\"Buttercup Jones\", \"Buttercup Smith\"]}", &error) != IK_OK) {
                __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
                ik_string_free(error);
            }
        } else {
            ik_model_clear_vocabulary(shared);
        }
    }
    return NULL;
}

static void test_threads(const char *path) {
    char *error = NULL;
    CHECK(ik_model_load(path, &shared, &error) == IK_OK, "%s", error ? error : "");
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.resolve = 1;
    for (int u = 0; u < 4; u++) expected[0][u] = parse(shared, utterances[u], &options);
    CHECK(ik_model_set_vocabulary(shared, "{\"contact\": [\"Buttercup Jones\", \"Buttercup Smith\"]}", &error) == IK_OK, "vocabulary");
    for (int u = 0; u < 4; u++) expected[1][u] = parse(shared, utterances[u], &options);
    CHECK(strcmp(expected[0][0], expected[1][0]) != 0, "the vocabulary changes the first answer: %s", expected[1][0]);
    pthread_t threads[threadCount + 1];
    for (long t = 0; t < threadCount; t++) pthread_create(&threads[t], NULL, parse_thread, (void *)t);
    pthread_create(&threads[threadCount], NULL, vocabulary_thread, NULL);
    for (int t = 0; t <= threadCount; t++) pthread_join(threads[t], NULL);
    for (int u = 0; u < 4; u++) {
        ik_string_free(expected[0][u]);
        ik_string_free(expected[1][u]);
    }
    ik_model_free(shared);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s MODEL\n", argv[0]);
        return 2;
    }
    ik_model *model = NULL;
    char *error = NULL;
    if (ik_model_load(argv[1], &model, &error) != IK_OK) {
        fprintf(stderr, "cannot load %s: %s\n", argv[1], error);
        return 1;
    }
    test_versions();
    test_parse(model);
    test_dates();
    test_vocabulary(model);
    test_shortcuts(model);
    test_history(model);
    test_requests(model);
    ik_model_free(model);
    test_errors(argv[1]);
    test_threads(argv[1]);
    if (failures) {
        fprintf(stderr, "C API: %d checks failed\n", failures);
        return 1;
    }
    printf("C API: every check passed (%d threads × %d parses beside vocabulary changes)\n", threadCount, parsesPerThread);
    return 0;
}
