// EXPECT: 2:21: odd number of hexadecimal digits
"t.op"() {a = dense<"0x123"> : tensor<1xi16>} : () -> ()
