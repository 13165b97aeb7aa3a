// EXPECT: 2:15: out of range
"t.op"() {a = 18446744073709551616 : i64} : () -> ()
