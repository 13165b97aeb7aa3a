// EXPECT: 2:18: unterminated string
"t.op"() {name = "abc
} : () -> ()
