// EXPECT: 3:22: expected SSA operand
tt.func @f(%p: !tt.ptr<f32>) {
  %0 = tt.addptr %p, : !tt.ptr<f32>, i32
  tt.return
}
