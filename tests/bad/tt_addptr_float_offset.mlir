// EXPECT: 3:8: 'tt.addptr' op operand #1 must be integer or ranked tensor of integer values, but got 'f32'
tt.func @f(%p: !tt.ptr<f32>, %o: f32) {
  %0 = tt.addptr %p, %o : !tt.ptr<f32>, f32
  tt.return
}
