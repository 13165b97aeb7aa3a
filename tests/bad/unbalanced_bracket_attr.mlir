// EXPECT: 2:20: expected ']'
"t.op"() {a = [1, 2} : () -> ()
