// EXPECT: 2:37: duplicate key 'a' in dictionary attribute
"t.op"() {a = 1 : i32, b = 2 : i32, a = 3 : i32} : () -> ()
