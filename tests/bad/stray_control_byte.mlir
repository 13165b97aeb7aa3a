// EXPECT: 3:10: unexpected character '\x01'
"t.op"() : () -> ()
"t.op"() : () -> ()
