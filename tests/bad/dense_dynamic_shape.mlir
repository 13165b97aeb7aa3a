// EXPECT: 2:26: static shape
"t.op"() {a = dense<1> : tensor<?xi32>} : () -> ()
