// EXPECT: 2:27: tensor literal is invalid; ranks are not consistent between elements
"t.op"() {a = dense<[[1], [1, 2]]> : tensor<2x2xi32>} : () -> ()
