// EXPECT: 4:1: expected '}'
"t.outer"() ({
  "t.inner"() : () -> ()
