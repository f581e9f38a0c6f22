#ifndef INTENTKIT_CBLAS_SHIM_H
#define INTENTKIT_CBLAS_SHIM_H
#include <cblas.h>
// Declared by OpenBLAS's cblas.h; weak here, as the reference BLAS the Python wheel links
// (scripts/build-wheel) has no threads to set and no such function.
void openblas_set_num_threads(int num_threads) __attribute__((weak));

/// Makes OpenBLAS run each call on the calling thread, where it is the BLAS linked.
static inline void intentkit_blas_run_on_calling_thread(void) {
    if (openblas_set_num_threads) openblas_set_num_threads(1);
}
#endif
