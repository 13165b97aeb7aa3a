// EXPECT: 3:15: expected 1 operand type but had 2
%0 = "t.def"() : () -> i32
"t.use"(%0) : (i32, i32) -> ()
