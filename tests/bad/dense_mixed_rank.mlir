// EXPECT: 2:30: tensor literal is invalid; ranks are not consistent between elements
"t.op"() {a = dense<[[1, 2], 3]> : tensor<2x2xi32>} : () -> ()
