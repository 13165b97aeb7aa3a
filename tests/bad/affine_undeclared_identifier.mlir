// EXPECT: 2:40: use of undeclared identifier 'd1'
"t.op"() {m = affine_map<(d0) -> (d0 + d1)>} : () -> ()
