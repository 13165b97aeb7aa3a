// EXPECT: 2:25: integer constant out of range
"t.op"() {a = dense<[1, 256]> : tensor<2xui8>} : () -> ()
