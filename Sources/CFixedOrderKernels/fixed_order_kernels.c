#include "fixed_order_kernels.h"

// No contraction of a multiply and an add into an FMA: the sums must round as the portable
// loops do.
#pragma clang fp contract(off)

typedef float float8 __attribute__((ext_vector_type(8)));
typedef double double4 __attribute__((ext_vector_type(4)));

#if defined(__x86_64__) && defined(__linux__)
// Two bodies, one for AVX2 and one for the baseline, the one to run chosen at load time.
#define WIDEST_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define WIDEST_VECTORS
#endif

// Macros, not functions: a function taking or returning an eight-float vector has a different
// calling convention with AVX than without, and the helpers are shared by both bodies.
#define LOAD8(p) ({ float8 loaded_; __builtin_memcpy(&loaded_, (p), sizeof loaded_); loaded_; })

/// The first `count` lanes of `value` (all eight when `count` ≥ 8) stored at, or added to, `target`.
#define STORE8(value, target, count) do { \
    float8 value_ = (value); float *target_ = (target); long count_ = (count); \
    if (count_ >= 8) __builtin_memcpy(target_, &value_, sizeof value_); \
    else for (long lane_ = 0; lane_ < count_; lane_++) target_[lane_] = value_[lane_]; \
} while (0)
#define ADD8(value, target, count) do { \
    float8 value_ = (value); float *target_ = (target); long count_ = (count); \
    if (count_ >= 8) { float8 sum_ = LOAD8(target_) + value_; __builtin_memcpy(target_, &sum_, sizeof sum_); } \
    else for (long lane_ = 0; lane_ < count_; lane_++) target_[lane_] += value_[lane_]; \
} while (0)

WIDEST_VECTORS
void ik_sum_of_scaled_rows(const float *rows, long size, long stride, const float *weights, float *y) {
    long block = 0;
    for (; block + 32 <= stride; block += 32) {
        float8 s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        const float *row = rows + block;
        for (long i = 0; i < size; i++, row += stride) {
            float8 weight = weights[i];
            s0 += weight * LOAD8(row);
            s1 += weight * LOAD8(row + 8);
            s2 += weight * LOAD8(row + 16);
            s3 += weight * LOAD8(row + 24);
        }
        STORE8(s0, y + block, size - block);
        STORE8(s1, y + block + 8, size - block - 8);
        STORE8(s2, y + block + 16, size - block - 16);
        STORE8(s3, y + block + 24, size - block - 24);
    }
    for (; block + 16 <= stride; block += 16) {
        float8 s0 = 0, s1 = 0;
        const float *row = rows + block;
        for (long i = 0; i < size; i++, row += stride) {
            float8 weight = weights[i];
            s0 += weight * LOAD8(row);
            s1 += weight * LOAD8(row + 8);
        }
        STORE8(s0, y + block, size - block);
        STORE8(s1, y + block + 8, size - block - 8);
    }
    if (block < stride) {
        float8 s0 = 0;
        const float *row = rows + block;
        for (long i = 0; i < size; i++, row += stride) s0 += (float8)weights[i] * LOAD8(row);
        STORE8(s0, y + block, size - block);
    }
}

WIDEST_VECTORS
void ik_accumulate_outer_products(const float *a, const float *w, long steps, long size, long stride, float *pairs) {
    for (long i = 0; i < size; i++) {
        float *target = pairs + i * size;
        long block = 0;
        for (; block + 32 <= stride; block += 32) {
            float8 s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            const float *v = w + block;
            for (long t = 0; t < steps; t++, v += stride) {
                float8 weight = a[t * size + i];
                s0 += weight * LOAD8(v);
                s1 += weight * LOAD8(v + 8);
                s2 += weight * LOAD8(v + 16);
                s3 += weight * LOAD8(v + 24);
            }
            ADD8(s0, target + block, size - block);
            ADD8(s1, target + block + 8, size - block - 8);
            ADD8(s2, target + block + 16, size - block - 16);
            ADD8(s3, target + block + 24, size - block - 24);
        }
        for (; block < stride; block += 8) {
            float8 s0 = 0;
            const float *v = w + block;
            for (long t = 0; t < steps; t++, v += stride) s0 += (float8)a[t * size + i] * LOAD8(v);
            ADD8(s0, target + block, size - block);
        }
    }
}

WIDEST_VECTORS
void ik_three_dots(const double *s, const double *y, const double *g, const float *v, long length, double *sums) {
    double4 sLanes = 0, yLanes = 0, gLanes = 0;
    long whole = length / 4 * 4, index = 0;
    for (; index < whole; index += 4) {
        double4 value = __builtin_convertvector((float __attribute__((ext_vector_type(4)))){v[index], v[index + 1], v[index + 2], v[index + 3]}, double4);
        double4 sv, yv, gv;
        __builtin_memcpy(&sv, s + index, sizeof sv);
        __builtin_memcpy(&yv, y + index, sizeof yv);
        __builtin_memcpy(&gv, g + index, sizeof gv);
        sLanes += sv * value;
        yLanes += yv * value;
        gLanes += gv * value;
    }
    double s0 = ((sLanes[0] + sLanes[1]) + sLanes[2]) + sLanes[3];
    double s1 = ((yLanes[0] + yLanes[1]) + yLanes[2]) + yLanes[3];
    double s2 = ((gLanes[0] + gLanes[1]) + gLanes[2]) + gLanes[3];
    for (; index < length; index++) {
        double value = (double)v[index];
        s0 += s[index] * value;
        s1 += y[index] * value;
        s2 += g[index] * value;
    }
    sums[0] = s0;
    sums[1] = s1;
    sums[2] = s2;
}
