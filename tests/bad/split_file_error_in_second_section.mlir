// EXPECT: 5:9: use of undeclared SSA value name '%0'
// ARGS: --split-input-file
"t.op"() : () -> ()
// -----
"t.use"(%0) : (i32) -> ()
