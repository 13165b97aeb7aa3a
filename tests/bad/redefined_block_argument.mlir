// EXPECT: 3:15: redefinition of SSA value '%a'
"t.op"() ({
^bb0(%a: i32, %a: i32):
  "t.yield"() : () -> ()
}) : () -> ()
