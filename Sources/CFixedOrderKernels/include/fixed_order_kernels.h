#ifndef INTENTKIT_FIXED_ORDER_KERNELS_H
#define INTENTKIT_FIXED_ORDER_KERNELS_H

// Training's hottest small products in C, so that they can run on the widest vectors the CPU
// has (AVX2 where present, chosen once at load time) while every sum keeps the order of the
// portable code: each output is one accumulator summed in index order, with separate multiplies
// and adds (no FMA), eight floats or four doubles to a vector. A wider vector only does more
// lanes at once; each lane's arithmetic, and so the result, is the same bits on every processor.

#include <stddef.h>

/// y[j] = Σ_i weights[i] · rows[i·stride + j] for j < size, i ascending; `stride` a multiple of 8
/// at least `size`, each row zero past `size`.
void ik_sum_of_scaled_rows(const float *rows, long size, long stride, const float *weights, float *y);

/// pairs[i·size + j] += Σ_t a[t·size + i] · w[t·stride + j] for i, j < size, t ascending over
/// `steps`; `w`'s rows zero past `size`, `stride` a multiple of 8.
void ik_accumulate_outer_products(const float *a, const float *w, long steps, long size, long stride, float *pairs);

/// (s·v, y·v, g·v) over `length` elements: four lanes, lane k summing the elements ≡ k (mod 4)
/// in order, then ((l0 + l1) + l2) + l3, then the last `length` mod 4 elements in order.
void ik_three_dots(const double *s, const double *y, const double *g, const float *v, long length, double *sums);

#endif
