// EXPECT: 2:15: integer constant out of range
"t.op"() {a = 300 : i8} : () -> ()
