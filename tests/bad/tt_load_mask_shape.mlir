// EXPECT: 3:8: 'tt.load' op failed to verify that mask type matches ptr type
tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  %0 = "tt.load"(%p, %m) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<4x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}
