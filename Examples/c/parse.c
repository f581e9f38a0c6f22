/* Parse each argument with a model and print the JSON answers, a line each:
 *     parse MODEL "send Buttercup 85 bucks" "what's my balance"
 * Build: see scripts/test-c-api, or
 *     cc -I../../Sources/CIntentKitABI/include parse.c -L../../.build/release -lCIntentKit -o parse
 */
#include <intentkit.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s MODEL [UTTERANCE...]\n", argv[0]);
        return 2;
    }
    if (!IK_ABI_COMPATIBLE()) {
        fprintf(stderr, "libCIntentKit implements ABI %d, this program was built for %d\n", ik_abi_version(), INTENTKIT_ABI_VERSION);
        return 1;
    }
    ik_model *model = NULL;
    char *error = NULL;
    if (ik_model_load(argv[1], &model, &error) != IK_OK) {
        fprintf(stderr, "error: %s\n", error);
        ik_string_free(error);
        return 1;
    }
    ik_parse_options options;
    ik_parse_options_init(&options);
    options.top_k = 2;
    int status = 0;
    for (int i = 2; i < argc; i++) {
        char *json = NULL;
        if (ik_parse(model, argv[i], &options, &json, &error) == IK_OK) {
            printf("%s\n", json);
            ik_string_free(json);
        } else {
            fprintf(stderr, "error: %s\n", error);
            ik_string_free(error);
            status = 1;
        }
    }
    ik_model_free(model);
    return status;
}
