#ifndef INTENTKIT_CBLAS_SHIM_H
#define INTENTKIT_CBLAS_SHIM_H
#include <cblas.h>
// Declared by OpenBLAS's cblas.h; repeated here so the shim documents what IntentKit relies on.
void openblas_set_num_threads(int num_threads);
#endif
