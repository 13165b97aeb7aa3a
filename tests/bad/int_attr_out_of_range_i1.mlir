// EXPECT: 2:15: integer constant out of range
"t.op"() {a = 2 : i1} : () -> ()
