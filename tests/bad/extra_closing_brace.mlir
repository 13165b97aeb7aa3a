// EXPECT: 3:1: unexpected '}'
"t.op"() : () -> ()
}
