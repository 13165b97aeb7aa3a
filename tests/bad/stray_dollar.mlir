// EXPECT: 3:10: unexpected character
"t.op"() : () -> ()
"t.op"() $ : () -> ()
