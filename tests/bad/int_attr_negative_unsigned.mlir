// EXPECT: 2:15: negative integer literal not valid for unsigned integer type
"t.op"() {a = -1 : ui8} : () -> ()
