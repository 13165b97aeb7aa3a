// EXPECT: 2:31: expected '>'
"t.op"() : () -> (tensor<4xi32)
