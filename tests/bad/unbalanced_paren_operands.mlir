// EXPECT: 3:12: expected ')'
%0 = "t.def"() : () -> i32
"t.use"(%0 : (i32) -> ()
