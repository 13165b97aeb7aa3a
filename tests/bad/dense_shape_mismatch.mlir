// EXPECT: 2:15: inferred shape of elements literal ([3]) does not match type ([2])
"t.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
