"""More kernels of the kinds people ship: cross entropy, geglu, tl.rand and
tl.randint bit for bit, bf16/f16/int8 casts both ways, tl.dot on f16 and f32
tiles, a transpose through tl.trans."""
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(logits_ptr, target_ptr, loss_ptr, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(logits_ptr + row * stride + cols, mask=cols < N, other=-float("inf")).to(tl.float32)
    t = tl.load(target_ptr + row)
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    xt = tl.sum(tl.where(cols == t, x, 0.0), axis=0)
    tl.store(loss_ptr + row, lse - xt)


@triton.jit
def geglu_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    gelu = 0.5 * a * (1.0 + tl.erf(a * 0.7071067811865476))
    tl.store(out_ptr + offs, gelu * b, mask=mask)


@triton.jit
def rand_kernel(out_ptr, bits_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.rand(seed, offs), mask=mask)
    tl.store(bits_ptr + offs, tl.randint(seed, offs), mask=mask)


@triton.jit
def casts_kernel(f32_ptr, i8_ptr, f16_ptr, bf16_bits_ptr, back_ptr, n, BLOCK: tl.constexpr):
    """f32 -> bf16 (its bits stored), bf16 -> f32, and i8 + f16 read as f32"""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(f32_ptr + offs, mask=mask)
    b = x.to(tl.bfloat16)
    tl.store(bf16_bits_ptr + offs, b.to(tl.uint16, bitcast=True), mask=mask)
    i = tl.load(i8_ptr + offs, mask=mask).to(tl.float32)
    h = tl.load(f16_ptr + offs, mask=mask).to(tl.float32)
    tl.store(back_ptr + offs, b.to(tl.float32) + i + h, mask=mask)


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """one BMxBN tile of A (MxK) @ B (KxN), masked at the edges; A and B of the
    arrays' element type, the product accumulated in f32 and stored as C's"""
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def trans_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N), other=0.0)
    tl.store(y_ptr + rn[:, None] * M + rm[None, :], tl.trans(x), mask=(rn[:, None] < N) & (rm[None, :] < M))
