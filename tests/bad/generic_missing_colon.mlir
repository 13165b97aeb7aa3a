// EXPECT: 2:24: expected ':' followed by operation type
"t.op"() {a = 1 : i32} () -> ()
