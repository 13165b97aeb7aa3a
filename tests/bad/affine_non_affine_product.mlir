// EXPECT: 2:42: non-affine expression
"t.op"() {m = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()
