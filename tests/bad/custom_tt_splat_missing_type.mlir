// EXPECT: 3:28: expected type
tt.func @f(%x: f32) {
  %0 = tt.splat %x : f32 ->
  tt.return
}
