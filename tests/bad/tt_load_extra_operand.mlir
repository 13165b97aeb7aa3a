// EXPECT: 3:8: 'tt.load' op expected 1 to 3 operands, but found 4
tt.func @f(%p: !tt.ptr<f32>, %m: i1, %o: f32) {
  %0 = "tt.load"(%p, %m, %o, %o) : (!tt.ptr<f32>, i1, f32, f32) -> f32
  tt.return
}
