import CBLAS

/// The single door to OpenBLAS: Swift-named wrappers over the few CBLAS routines IntentKit uses.
///
/// Every other file reaches BLAS through these functions, never through `CBLAS` directly, so the
/// C interface (Int32 sizes, row-major flags, raw pointers) stays in one place. Matrices are
/// row-major and dense. The wrappers are `package`-visible: the training module shares them, apps
/// embedding the runtime never see them.
///
/// OpenBLAS is forced to one thread the first time any wrapper runs: at NLU sizes its worker
/// threads made gemv 10-15x slower and spun on the second core; IntentKit
/// parallelises training across sentences with its own threads instead.
package enum BLAS {
    /// Runs `openblas_set_num_threads(1)` exactly once, on first use (where OpenBLAS is the BLAS).
    private static let singleThreaded: Void = { intentkit_blas_run_on_calling_thread() }()

    /// Makes sure OpenBLAS runs single-threaded; cheap after the first call.
    @inline(__always)
    static func configure() { _ = singleThreaded }

    /// Returns `x · y` over `count` elements.
    static func dot(_ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, count: Int) -> Float {
        configure()
        return cblas_sdot(Int32(count), x, 1, y, 1)
    }

    /// `y += alpha * x` over `count` elements.
    static func axpy(_ alpha: Float, _ x: UnsafePointer<Float>, _ y: UnsafeMutablePointer<Float>, count: Int) {
        configure()
        cblas_saxpy(Int32(count), alpha, x, 1, y, 1)
    }

    /// `x *= alpha` over `count` elements.
    static func scale(_ alpha: Float, _ x: UnsafeMutablePointer<Float>, count: Int) {
        configure()
        cblas_sscal(Int32(count), alpha, x, 1)
    }

    /// `y = alpha * op(A) * x + beta * y` with `A` an `[rows][columns]` row-major matrix;
    /// `op(A)` is `A` or, when `transposed`, `Aᵀ`.
    static func gemv(
        rows: Int, columns: Int,
        alpha: Float = 1, _ a: UnsafePointer<Float>, transposed: Bool = false,
        _ x: UnsafePointer<Float>, beta: Float = 0, _ y: UnsafeMutablePointer<Float>
    ) {
        configure()
        cblas_sgemv(
            CblasRowMajor, transposed ? CblasTrans : CblasNoTrans,
            Int32(rows), Int32(columns), alpha, a, Int32(columns), x, 1, beta, y, 1)
    }

    /// `C = alpha * op(A) * B + beta * C` with `op(A)` `[m][k]`, `B` `[k][n]`, `C` `[m][n]`, all
    /// row-major; when `transposedA`, `A` is stored `[k][m]` and `op(A) = Aᵀ`.
    static func gemm(
        m: Int, n: Int, k: Int,
        alpha: Float = 1, _ a: UnsafePointer<Float>, transposedA: Bool = false, _ b: UnsafePointer<Float>,
        beta: Float = 0, _ c: UnsafeMutablePointer<Float>
    ) {
        configure()
        cblas_sgemm(
            CblasRowMajor, transposedA ? CblasTrans : CblasNoTrans, CblasNoTrans,
            Int32(m), Int32(n), Int32(k), alpha, a, Int32(transposedA ? m : k), b, Int32(n), beta, c, Int32(n))
    }

    /// `C = alpha * op(A) * op(B) + beta * C` with `op(A)` `[m][k]`, `op(B)` `[k][n]`, `C`
    /// `[m][n]`, each row-major with its own row stride (`lda`, `ldb`, `ldc`), so that a block
    /// of columns of a wider matrix (one attention head's queries) is a matrix too; when
    /// `transposedB`, `B` is stored `[n][k]` (a linear layer's `[outputs][inputs]` weights).
    package static func gemm(
        m: Int, n: Int, k: Int, alpha: Float = 1,
        _ a: UnsafePointer<Float>, lda: Int, _ b: UnsafePointer<Float>, ldb: Int, transposedB: Bool = false,
        beta: Float = 0, _ c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        configure()
        cblas_sgemm(
            CblasRowMajor, CblasNoTrans, transposedB ? CblasTrans : CblasNoTrans,
            Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
    }

    /// `A += alpha * x * yᵀ` with `A` an `[rows][columns]` row-major matrix.
    static func ger(
        rows: Int, columns: Int, alpha: Float = 1,
        _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, _ a: UnsafeMutablePointer<Float>
    ) {
        configure()
        cblas_sger(CblasRowMajor, Int32(rows), Int32(columns), alpha, x, 1, y, 1, a, Int32(columns))
    }

    /// `C = alpha * op(A) * B + beta * C` over doubles, as the `Float` ``gemm(m:n:k:alpha:_:transposedA:_:beta:_:)``.
    package static func gemm(
        m: Int, n: Int, k: Int,
        alpha: Double = 1, _ a: UnsafePointer<Double>, transposedA: Bool = false, _ b: UnsafePointer<Double>,
        beta: Double = 0, _ c: UnsafeMutablePointer<Double>
    ) {
        configure()
        cblas_dgemm(
            CblasRowMajor, transposedA ? CblasTrans : CblasNoTrans, CblasNoTrans,
            Int32(m), Int32(n), Int32(k), alpha, a, Int32(transposedA ? m : k), b, Int32(n), beta, c, Int32(n))
    }

    /// Returns `x · y` over `count` doubles.
    static func dot(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, count: Int) -> Double {
        configure()
        return cblas_ddot(Int32(count), x, 1, y, 1)
    }

    /// `y += alpha * x` over `count` doubles.
    static func axpy(_ alpha: Double, _ x: UnsafePointer<Double>, _ y: UnsafeMutablePointer<Double>, count: Int) {
        configure()
        cblas_daxpy(Int32(count), alpha, x, 1, y, 1)
    }

    /// `x *= alpha` over `count` doubles.
    static func scale(_ alpha: Double, _ x: UnsafeMutablePointer<Double>, count: Int) {
        configure()
        cblas_dscal(Int32(count), alpha, x, 1)
    }
}
