// EXPECT: 2:30: elements literal is not rectangular
"t.op"() {a = dense<[[1, 2], 3]> : tensor<2x2xi32>} : () -> ()
