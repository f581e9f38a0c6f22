#ifndef INTENTKIT_ENCODER_KERNELS_H
#define INTENTKIT_ENCODER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// The sentence encoder's kernels.
//
// Linear layers in 8-bit integers: y = x · Wᵀ + b with W quantised once, at load, per output row
// (symmetric, 255 levels), and x quantised on each call per row (its range in 256 levels with
// zero on one of them); the products accumulate exactly in 32-bit integers and the zero point's
// share is taken back out with the weights' sums (Jacob et al. 2018, "Quantization and Training
// of Neural Networks for Efficient Integer-Arithmetic-Only Inference", §2.2-2.3). On a CPU with
// AVX-512 VNNI the accumulation is `vpdpbusd`, 64 multiply-adds an instruction; elsewhere a loop
// compiled for AVX2 or for the baseline computes the same integers, and the same float steps turn
// them into y, so every machine gives the same bits.

#ifdef __cplusplus
extern "C" {
#endif

/// Bytes of the packed weights of a `[outputs][inputs]` matrix.
size_t ik_int8_packed_size(int outputs, int inputs);

/// Quantises `weight` (`[outputs][inputs]`, row-major) into `packed` (`ik_int8_packed_size`
/// bytes), `scales` (`outputs` floats: the value of one step of each output's row) and `sums`
/// (`outputs` integers: each row's quantised sum).
void ik_int8_pack(const float *weight, int outputs, int inputs, int8_t *packed, float *scales, int32_t *sums);

/// Bytes of the quantised rows `ik_int8_quantize_rows` writes for `rows` rows of `inputs` values.
size_t ik_int8_quantized_rows_size(int rows, int inputs);

/// Quantises `rows` rows of `x` (`[rows][inputs]`) into `quantized`
/// (`ik_int8_quantized_rows_size` bytes), `scales` and `zeroPoints` (`rows` each).
void ik_int8_quantize_rows(const float *x, int rows, int inputs, uint8_t *quantized, float *scales, int32_t *zeroPoints);

/// `y = x · Wᵀ + bias` from `ik_int8_quantize_rows`'s output and `ik_int8_pack`'s;
/// `y` is `[rows][outputs]`, row-major.
void ik_int8_linear(int rows, int outputs, int inputs, const uint8_t *quantized, const float *rowScales, const int32_t *zeroPoints,
                    const int8_t *packed, const float *weightScales, const int32_t *weightSums, const float *bias, float *y);

/// GELU (x·Φ(x), with erf as Abramowitz & Stegun 7.1.26) of `count` values in place.
void ik_gelu(float *values, size_t count);

/// Whether `ik_int8_linear` uses AVX-512 VNNI on this CPU (for benchmarks and tests).
int ik_int8_uses_vnni(void);

/// Lowers the kernels' instruction set, for tests that compare the paths: 0 lets the CPU
/// decide, 1 allows at most AVX2, 2 only the baseline loops. Every path gives the same bits.
void ik_force_portable_kernels(int portable);

#ifdef __cplusplus
}
#endif

#endif
