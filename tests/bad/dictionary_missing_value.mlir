// EXPECT: 2:15: expected attribute value
"t.op"() {a = } : () -> ()
