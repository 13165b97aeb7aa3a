// EXPECT: 2:18: unknown escape in string literal
"t.op"() {s = "ab\q"} : () -> ()
