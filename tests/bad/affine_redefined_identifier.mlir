// EXPECT: 2:31: redefinition of identifier 'd0'
"t.op"() {m = affine_map<(d0, d0) -> (d0)>} : () -> ()
