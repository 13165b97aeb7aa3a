// EXPECT: 3:8: 'tt.elementwise_inline_asm' op requires attribute 'constraints'
tt.func @f(%x: i32) {
  %0 = tt.elementwise_inline_asm "asm" {packed_element = 1 : i32, pure = true} %x : i32 -> i32
  tt.return
}
