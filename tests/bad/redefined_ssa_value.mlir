// EXPECT: 3:1: redefinition of SSA value '%0'
%0 = "t.def"() : () -> i32
%0 = "t.def"() : () -> i32
"t.use"(%0) : (i32) -> ()
