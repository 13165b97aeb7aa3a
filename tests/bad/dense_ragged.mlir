// EXPECT: 2:27: elements literal is not rectangular
"t.op"() {a = dense<[[1], [1, 2]]> : tensor<2x2xi32>} : () -> ()
