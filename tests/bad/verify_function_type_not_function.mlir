// EXPECT: 2:1: attribute 'function_type' failed to satisfy constraint: type attribute of function type
tt.func @l() attributes {function_type = 5 : i32} {
  tt.return
}
