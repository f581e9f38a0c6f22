#include "encoder_kernels.h"

#include <math.h>
#include <string.h>

// The float steps are written out one rounding at a time and must stay so: the vector paths and
// the portable path then give the same bits.
#pragma STDC FP_CONTRACT OFF

// Packed weights: outputs in panels of 16, inputs in groups of 4. Panel p, group g is 64 bytes:
// output 16p + j's quantised inputs 4g … 4g + 3 at bytes 4j … 4j + 3, signed, which is the
// operand `vpdpbusd` multiplies the unsigned activations by. Padding is 0.
enum { panelWidth = 16, groupWidth = 4, panelGroupBytes = panelWidth * groupWidth };

static int panelCount(int outputs) { return (outputs + panelWidth - 1) / panelWidth; }
static int groupCount(int inputs) { return (inputs + groupWidth - 1) / groupWidth; }

/// `value` (|value| < 2²²) to the nearest integer, ties to even: adding and taking away 1.5·2²³
/// leaves no fraction bits in between (the default rounding mode rounds the sum). Unlike
/// `lrintf`, a loop of these vectorises.
static inline float roundToInteger(float value) { return (value + 12582912.0f) - 12582912.0f; }

static inline int32_t clamp(int32_t value, int32_t low, int32_t high) { return value < low ? low : (value > high ? high : value); }

size_t ik_int8_packed_size(int outputs, int inputs) {
    return (size_t)panelCount(outputs) * (size_t)groupCount(inputs) * panelGroupBytes;
}

void ik_int8_pack(const float *weight, int outputs, int inputs, int8_t *packed, float *scales, int32_t *sums) {
    int groups = groupCount(inputs);
    memset(packed, 0, ik_int8_packed_size(outputs, inputs));
    for (int o = 0; o < outputs; o++) {
        const float *row = weight + (size_t)o * inputs;
        float largest = 0;
        for (int k = 0; k < inputs; k++) largest = fabsf(row[k]) > largest ? fabsf(row[k]) : largest;
        scales[o] = largest / 127;
        sums[o] = 0;
        if (largest == 0) continue;
        float inverse = 127 / largest;
        int8_t *panel = packed + (size_t)(o / panelWidth) * groups * panelGroupBytes + (o % panelWidth) * groupWidth;
        for (int k = 0; k < inputs; k++) {
            int32_t q = clamp((int32_t)roundToInteger(row[k] * inverse), -127, 127);
            panel[(size_t)(k / groupWidth) * panelGroupBytes + k % groupWidth] = (int8_t)q;
            sums[o] += q;
        }
    }
}

size_t ik_int8_quantized_rows_size(int rows, int inputs) {
    return (size_t)rows * (size_t)groupCount(inputs) * groupWidth;
}

/// The smallest and the largest of `count` values and 0. Sixteen running extremes side by side
/// (the order does not change a minimum) let a compiler vectorise what a single running minimum
/// would keep scalar.
static inline __attribute__((always_inline)) void extremes(const float *values, int count, float *smallest, float *largest) {
    float low[16] = {0}, high[16] = {0};
    int k = 0;
    for (; k + 16 <= count; k += 16) {
        for (int j = 0; j < 16; j++) {
            float value = values[k + j];
            low[j] = value < low[j] ? value : low[j];
            high[j] = value > high[j] ? value : high[j];
        }
    }
    for (; k < count; k++) {
        low[0] = values[k] < low[0] ? values[k] : low[0];
        high[0] = values[k] > high[0] ? values[k] : high[0];
    }
    for (int j = 1; j < 16; j++) {
        low[0] = low[j] < low[0] ? low[j] : low[0];
        high[0] = high[j] > high[0] ? high[j] : high[0];
    }
    *smallest = low[0];
    *largest = high[0];
}

/// Each row's range [min(0, smallest), max(0, largest)] in 255 steps, zero exactly on a step
/// (the zero point), so that a row of activations after GELU (none below -0.17) uses every
/// level instead of half of them.
static inline __attribute__((always_inline)) void
quantizeRows(const float *x, int rows, int inputs, uint8_t *quantized, float *scales, int32_t *zeroPoints) {
    int stride = groupCount(inputs) * groupWidth;
    for (int r = 0; r < rows; r++) {
        const float *row = x + (size_t)r * inputs;
        uint8_t *target = quantized + (size_t)r * stride;
        float smallest, largest;
        extremes(row, inputs, &smallest, &largest);
        float range = largest - smallest;
        memset(target, 0, (size_t)stride);
        if (!(range > 0) || !isfinite(range)) {
            scales[r] = 0;
            zeroPoints[r] = 0;
            continue;
        }
        float inverse = 255 / range;
        int32_t zeroPoint = clamp((int32_t)roundToInteger(-smallest * inverse), 0, 255);
        scales[r] = range / 255;
        zeroPoints[r] = zeroPoint;
        for (int k = 0; k < inputs; k++) target[k] = (uint8_t)clamp((int32_t)roundToInteger(row[k] * inverse) + zeroPoint, 0, 255);
    }
}

/// One output from its exact integer sum: the zero point's share (zero point × the weights'
/// sum) taken back out, then the product of the two steps, then the bias.
static inline float dequantize(int32_t accumulated, int32_t zeroPoint, int32_t weightSum, float rowScale, float weightScale,
                               float bias) {
    float step = rowScale * weightScale;
    float product = (float)(accumulated - zeroPoint * weightSum) * step;
    return product + bias;
}

/// The portable loop: a panel of 16 outputs at a time, in an order compilers vectorise.
static inline __attribute__((always_inline)) void
linearLoop(int rows, int outputs, int inputs, const uint8_t *quantized, const float *rowScales, const int32_t *zeroPoints,
           const int8_t *packed, const float *weightScales, const int32_t *weightSums, const float *bias, float *y) {
    int groups = groupCount(inputs), stride = groups * groupWidth;
    for (int p = 0; p < panelCount(outputs); p++) {
        const int8_t *panel = packed + (size_t)p * groups * panelGroupBytes;
        int first = p * panelWidth, count = outputs - first < panelWidth ? outputs - first : panelWidth;
        for (int r = 0; r < rows; r++) {
            const uint8_t *row = quantized + (size_t)r * stride;
            int32_t accumulated[panelWidth] = {0};
            for (int g = 0; g < groups; g++) {
                const int8_t *block = panel + (size_t)g * panelGroupBytes;
                int32_t x0 = row[g * groupWidth], x1 = row[g * groupWidth + 1], x2 = row[g * groupWidth + 2], x3 = row[g * groupWidth + 3];
                for (int j = 0; j < panelWidth; j++) {
                    accumulated[j] += block[4 * j] * x0 + block[4 * j + 1] * x1 + block[4 * j + 2] * x2 + block[4 * j + 3] * x3;
                }
            }
            for (int j = 0; j < count; j++) {
                y[(size_t)r * outputs + first + j] = dequantize(accumulated[j], zeroPoints[r], weightSums[first + j], rowScales[r],
                                                                weightScales[first + j], bias[first + j]);
            }
        }
    }
}

/// GELU(x) = x·Φ(x) = x/2 · (1 + erf(x/√2)), BERT's activation, with erf from Abramowitz &
/// Stegun's 7.1.26 (1964): a fifth-degree polynomial in t = 1/(1 + pz) times e^(−z²), within
/// 1.5·10⁻⁷. e^(−z²) is Cephes' `expf` written out (Moshier 1989): 2ⁿ by the exponent bits times a
/// polynomial of the remainder, so that a loop of these vectorises and every machine computes
/// the same bits.
static inline float geluOne(float x) {
    float z = fabsf(x) * 0.70710678118654752f;
    float t = 1 / (1 + 0.3275911f * z);
    float polynomial = t * (0.254829592f + t * (-0.284496736f + t * (1.421413741f + t * (-1.453152027f + t * 1.061405429f))));
    float exponent = -(z * z);
    exponent = exponent < -87.0f ? -87.0f : exponent;
    float n = roundToInteger(exponent * 1.44269504088896341f);
    float r = exponent - n * 0.693359375f;
    r = r - n * -2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    float power;
    int32_t bits = ((int32_t)n + 127) << 23;
    memcpy(&power, &bits, sizeof power);
    float exponential = (p * r * r + r + 1) * power;
    float erfOfMagnitude = 1 - polynomial * exponential;
    float erf = x < 0 ? -erfOfMagnitude : erfOfMagnitude;
    return 0.5f * x * (1 + erf);
}

static inline __attribute__((always_inline)) void geluValues(float *values, size_t count) {
    for (size_t i = 0; i < count; i++) values[i] = geluOne(values[i]);
}

/// Read and written atomically (relaxed): tests lower it while other threads encode, and every
/// path gives the same bits, so no ordering is needed, only the absence of a data race.
static int forcePortable = 0;

void ik_force_portable_kernels(int portable) { __atomic_store_n(&forcePortable, portable, __ATOMIC_RELAXED); }

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>

#define AVX2_TARGET __attribute__((target("avx2,fma")))
#define AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
#define VNNI_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vnni")))

// The same C compiled for wider vectors: only the instructions differ, not the arithmetic.
AVX2_TARGET static void linearAVX2(int rows, int outputs, int inputs, const uint8_t *quantized, const float *rowScales,
                                   const int32_t *zeroPoints, const int8_t *packed, const float *weightScales,
                                   const int32_t *weightSums, const float *bias, float *y) {
    linearLoop(rows, outputs, inputs, quantized, rowScales, zeroPoints, packed, weightScales, weightSums, bias, y);
}
AVX2_TARGET static void geluAVX2(float *values, size_t count) { geluValues(values, count); }
AVX2_TARGET static void quantizeRowsAVX2(const float *x, int rows, int inputs, uint8_t *quantized, float *scales, int32_t *zeroPoints) {
    quantizeRows(x, rows, inputs, quantized, scales, zeroPoints);
}
AVX512_TARGET static void geluAVX512(float *values, size_t count) { geluValues(values, count); }
AVX512_TARGET static void quantizeRowsAVX512(const float *x, int rows, int inputs, uint8_t *quantized, float *scales,
                                             int32_t *zeroPoints) {
    quantizeRows(x, rows, inputs, quantized, scales, zeroPoints);
}

/// Up to 8 rows by `P` (1 or 2) panels: 16 accumulators of 16 integers stay in registers while
/// the panels' bytes stream past, each weight load serving every row and each broadcast group
/// of a row's 4 bytes serving both panels.
VNNI_TARGET static inline __attribute__((always_inline)) void
vnniBlock(const int R, const int P, int groups, int stride, const uint8_t *rows, const int8_t *panel0, const float *rowScales,
          const int32_t *zeroPoints, const float *weightScales, const int32_t *weightSums, const float *bias, float *y, int outputs,
          int first) {
    __m512i accumulated[8][2];
    for (int r = 0; r < R; r++) {
        accumulated[r][0] = _mm512_setzero_si512();
        accumulated[r][1] = _mm512_setzero_si512();
    }
    const int8_t *panel1 = panel0 + (size_t)groups * panelGroupBytes;
    for (int g = 0; g < groups; g++) {
        // The panels stream from the last-level cache: ask for their bytes a few groups ahead.
        _mm_prefetch((const char *)(panel0 + (size_t)(g + 8) * panelGroupBytes), _MM_HINT_T0);
        if (P == 2) _mm_prefetch((const char *)(panel1 + (size_t)(g + 8) * panelGroupBytes), _MM_HINT_T0);
        __m512i w0 = _mm512_loadu_si512(panel0 + (size_t)g * panelGroupBytes);
        __m512i w1 = P == 2 ? _mm512_loadu_si512(panel1 + (size_t)g * panelGroupBytes) : w0;
        for (int r = 0; r < R; r++) {
            int32_t four;
            memcpy(&four, rows + (size_t)r * stride + g * groupWidth, sizeof four);
            __m512i x = _mm512_set1_epi32(four);
            accumulated[r][0] = _mm512_dpbusd_epi32(accumulated[r][0], x, w0);
            if (P == 2) accumulated[r][1] = _mm512_dpbusd_epi32(accumulated[r][1], x, w1);
        }
    }
    for (int q = 0; q < P; q++) {
        int start = first + q * panelWidth, count = outputs - start < panelWidth ? outputs - start : panelWidth;
        __mmask16 mask = (__mmask16)((1u << count) - 1);
        __m512 scales = _mm512_maskz_loadu_ps(mask, weightScales + start);
        __m512i sums = _mm512_maskz_loadu_epi32(mask, weightSums + start);
        __m512 biases = _mm512_maskz_loadu_ps(mask, bias + start);
        for (int r = 0; r < R; r++) {
            __m512 step = _mm512_mul_ps(_mm512_set1_ps(rowScales[r]), scales);
            __m512i exact = _mm512_sub_epi32(accumulated[r][q], _mm512_mullo_epi32(_mm512_set1_epi32(zeroPoints[r]), sums));
            __m512 value = _mm512_add_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(exact), step), biases);
            _mm512_mask_storeu_ps(y + (size_t)r * outputs + start, mask, value);
        }
    }
}

VNNI_TARGET static void linearVNNI(int rows, int outputs, int inputs, const uint8_t *quantized, const float *rowScales,
                                   const int32_t *zeroPoints, const int8_t *packed, const float *weightScales,
                                   const int32_t *weightSums, const float *bias, float *y) {
    int groups = groupCount(inputs), stride = groups * groupWidth, panels = panelCount(outputs);
    for (int p = 0; p < panels; p += 2) {
        int pair = panels - p >= 2;
        const int8_t *panel = packed + (size_t)p * groups * panelGroupBytes;
        for (int r0 = 0; r0 < rows; r0 += 8) {
            int R = rows - r0 < 8 ? rows - r0 : 8;
            const uint8_t *x = quantized + (size_t)r0 * stride;
            float *target = y + (size_t)r0 * outputs;
#define BLOCK(n)                                                                                                           \
    case n:                                                                                                                \
        if (pair)                                                                                                          \
            vnniBlock(n, 2, groups, stride, x, panel, rowScales + r0, zeroPoints + r0, weightScales, weightSums, bias, target, \
                      outputs, p * panelWidth);                                                                            \
        else                                                                                                               \
            vnniBlock(n, 1, groups, stride, x, panel, rowScales + r0, zeroPoints + r0, weightScales, weightSums, bias, target, \
                      outputs, p * panelWidth);                                                                            \
        break;
            switch (R) {
                BLOCK(1) BLOCK(2) BLOCK(3) BLOCK(4) BLOCK(5) BLOCK(6) BLOCK(7) BLOCK(8)
            }
#undef BLOCK
        }
    }
}

/// What the CPU offers, asked once: 3 for AVX-512 with VNNI, 2 for AVX-512 without it (the AVX2
/// loop for the products, AVX-512 for the rest), 1 for AVX2 with FMA, 0 otherwise.
static int cpuLevel(void) {
    // Computed by whichever thread asks first; several may, and all store the same value.
    static int cached = -1;
    int level = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (level < 0) {
        __builtin_cpu_init();
        int avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
                  && __builtin_cpu_supports("avx512dq");
        int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
        level = avx512 && __builtin_cpu_supports("avx512vnni") ? 3 : (avx512 ? 2 : (avx2 ? 1 : 0));
        __atomic_store_n(&cached, level, __ATOMIC_RELAXED);
    }
    return level;
}

/// The level the kernels use: the CPU's, lowered by `ik_force_portable_kernels`.
static int level(void) {
    int cpu = cpuLevel(), portable = __atomic_load_n(&forcePortable, __ATOMIC_RELAXED);
    return portable == 1 ? (cpu > 1 ? 1 : cpu) : (portable >= 2 ? 0 : cpu);
}

int ik_int8_uses_vnni(void) { return level() == 3; }
#else
static int level(void) { return 0; }
int ik_int8_uses_vnni(void) { return 0; }
#endif

void ik_int8_quantize_rows(const float *x, int rows, int inputs, uint8_t *quantized, float *scales, int32_t *zeroPoints) {
#if defined(__x86_64__) && defined(__clang__)
    int available = level();
    if (available >= 2) {
        quantizeRowsAVX512(x, rows, inputs, quantized, scales, zeroPoints);
        return;
    }
    if (available == 1) {
        quantizeRowsAVX2(x, rows, inputs, quantized, scales, zeroPoints);
        return;
    }
#endif
    quantizeRows(x, rows, inputs, quantized, scales, zeroPoints);
}

void ik_int8_linear(int rows, int outputs, int inputs, const uint8_t *quantized, const float *rowScales, const int32_t *zeroPoints,
                    const int8_t *packed, const float *weightScales, const int32_t *weightSums, const float *bias, float *y) {
#if defined(__x86_64__) && defined(__clang__)
    int available = level();
    if (available == 3) {
        linearVNNI(rows, outputs, inputs, quantized, rowScales, zeroPoints, packed, weightScales, weightSums, bias, y);
        return;
    }
    if (available >= 1) {
        linearAVX2(rows, outputs, inputs, quantized, rowScales, zeroPoints, packed, weightScales, weightSums, bias, y);
        return;
    }
#endif
    linearLoop(rows, outputs, inputs, quantized, rowScales, zeroPoints, packed, weightScales, weightSums, bias, y);
}

void ik_gelu(float *values, size_t count) {
#if defined(__x86_64__) && defined(__clang__)
    int available = level();
    if (available >= 2) {
        geluAVX512(values, count);
        return;
    }
    if (available == 1) {
        geluAVX2(values, count);
        return;
    }
#endif
    geluValues(values, count);
}
