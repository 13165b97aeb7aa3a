// EXPECT: 3:3: 'tt.store' op failed to verify that value type matches ptr type
tt.func @f(%p: !tt.ptr<f32>, %v: f16) {
  "tt.store"(%p, %v) : (!tt.ptr<f32>, f16) -> ()
  tt.return
}
