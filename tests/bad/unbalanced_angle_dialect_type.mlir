// EXPECT: 2:18: unbalanced '<' in dialect attribute or type
"t.op"() : () -> !t.foo<1, <2>
