// EXPECT: 2:29: floating point value not valid for integer type
"t.op"() {a = array<i32: 1, 1.5>} : () -> ()
