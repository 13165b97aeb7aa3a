// EXPECT: 3:18: unterminated string
"t.op"() : () -> ()
"t.op"() {name = "abc\"