// EXPECT: 2:15: floating point value not valid for
"t.op"() {a = 1.5 : i32} : () -> ()
