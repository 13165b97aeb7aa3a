// EXPECT: 3:8: 'tt.splat' op result #0 must be ranked tensor of floating-point values or ranked tensor of integer values or ranked tensor of ptr values, but got 'f32'
tt.func @f(%x: f32) {
  %0 = tt.splat %x : f32 -> f32
  tt.return
}
