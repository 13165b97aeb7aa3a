// EXPECT: 3:13: use of undeclared SSA value name '%1'
%0 = "t.def"() : () -> i32
"t.use"(%0, %1) : (i32, i32) -> ()
