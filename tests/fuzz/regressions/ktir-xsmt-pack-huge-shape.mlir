module attributes {tt.arch_id = "0xA03C"} {
  tt.func @pack_micro_tile(%a: tensor<16x16xf32>, %o: i32) {
    %p = xsmt.pack %a, [%o, %o], [1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002, 16], [8, 16] : tensor<16x16xf32> -> tensor<2x1x8x16xf32>
    tt.return
  }
}
