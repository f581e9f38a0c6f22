#include "intentkit.h"

#include <math.h>

void ik_parse_options_init(ik_parse_options *options) {
    if (!options) return;
    options->top_k = 1;
    options->resolve = 0;
    options->reference_time = NAN;
    options->time_zone = NULL;
    options->minimum_confidence = NAN;
}
