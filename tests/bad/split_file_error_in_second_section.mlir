// EXPECT: 5:9: use of undeclared SSA value name '%0'
// ARGS: --split-input-file --allow-unregistered-dialect
"t.op"() : () -> ()
// -----
"t.use"(%0) : (i32) -> ()
