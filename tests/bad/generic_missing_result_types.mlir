// EXPECT: 3:1: expected non-function type
"t.op"() : () ->
"t.op"() : () -> ()
