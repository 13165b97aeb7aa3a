// EXPECT: 2:15: unexpected character
"t.op"() {a = `x`} : () -> ()
