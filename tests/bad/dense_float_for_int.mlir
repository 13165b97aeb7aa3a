// EXPECT: 2:21: floating point value not valid for integer type
"t.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()
