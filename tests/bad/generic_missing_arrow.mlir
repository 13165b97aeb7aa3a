// EXPECT: 2:15: expected '->'
"t.op"() : () i32
