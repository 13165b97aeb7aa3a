// EXPECT: 3:8: 'tt.addptr' op expected 2 operands, but found 1
tt.func @f(%p: !tt.ptr<f32>) {
  %0 = "tt.addptr"(%p) : (!tt.ptr<f32>) -> !tt.ptr<f32>
  tt.return
}
