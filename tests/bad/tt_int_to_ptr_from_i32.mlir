// EXPECT: 3:8: 'tt.int_to_ptr' op operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values, but got 'i32'
tt.func @f(%x: i32) {
  %0 = tt.int_to_ptr %x : i32 -> !tt.ptr<f32>
  tt.return
}
