// RUN: ttxform %s --emit=c | FileCheck %s

// KTIR as C: a base-address argument is an i64 count of elements; a view is
// its offset, strides and coordinate-set bounds; a load through a box tile
// is a loop over the part inside the view's set (the rest zero), its buffer
// checked once at the lowest and highest address; a store writes only that
// part.  f16 memory is uint16 bits.  An element address a of S-byte
// elements is the byte ttx_mem + a * S (ttx_mem is 0 unless a device memory
// is given: `run --memory`).
// CHECK: u64 ttx_mem;
// CHECK-LABEL: void mask(i64 arg0, i64 arg1, i64 arg2,
// CHECK: i64 [[OFF:v[0-9]+]] = (i64)((u64)((i64)pidX) * (u64)512);
// CHECK: i64 m0_off = (i64)arg0;
// CHECK-NEXT: i64 m0_sz0 = (i64)arg2;
// CHECK: { i64 b = ((((i64)(0) * (-1LL)) + (i64)(m0_sz0)) + (-1LL)); if (b < m0_hi0) m0_hi0 = b; }
// CHECK: i64 [[B:a[0-9]+_b0]] = (i64)([[OFF]]);
// CHECK: float [[X:v[0-9]+]][512];
// CHECK: /* ktdp.load */
// CHECK: if (m0_hi0 - [[B]] - {{a[0-9]+_lo0}} < [[H:h[0-9]+_0]] - 1) [[H]] = m0_hi0 - [[B]]
// CHECK: for (i64 k = 0; k < 512; k++) [[X]][k] = 0;
// CHECK: u16 *P = (u16 *)(u64)(ttx_mem + (u64){{o[0-9]+}} * 2);
// CHECK-NEXT: if (TTX_IN((u16 *)(u64)(ttx_mem + (u64)amax * 2), 2, 0) && TTX_IN((u16 *)(u64)(ttx_mem + (u64)amin * 2), (amax - amin + 1) * 2, 0)) {
// CHECK: for (i64 j = {{l[0-9]+_0}}; j < [[H]]; j++) [[X]][xr + j] = ttx_h2f(*(row + j * 1LL));
// CHECK: /* ktdp.store */
// CHECK-NOT: [k] = 0;
// CHECK: for (i64 j = {{l[0-9]+_0}}; j < {{h[0-9]+_0}}; j++) row[j * 1LL] = ttx_f2h([[X]][xr + j]);
// CHECK-NOT: ttx_launch
module {
  func.func @mask(%a: index, %b: index, %n: index) attributes {grid = [2]} {
    %t = ktdp.get_compute_tile_id : index
    %c512 = arith.constant 512 : index
    %off = arith.muli %t, %c512 : index
    %va = ktdp.construct_memory_view %a, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
    %vb = ktdp.construct_memory_view %b, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
    %ta = ktdp.construct_access_tile %va[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<512xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<512xindex> -> tensor<512xf16>
    %tb = ktdp.construct_access_tile %vb[%off] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 511 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<512xindex>
    ktdp.store %x, %tb : tensor<512xf16>, !ktdp.access_tile<512xindex>
    return
  }
}
