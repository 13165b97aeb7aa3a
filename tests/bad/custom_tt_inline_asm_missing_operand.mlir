// EXPECT: 3:102: expected '->'
tt.func @f(%x: i32) {
  %0 = tt.elementwise_inline_asm "asm" {constraints = "=r,r", packed_element = 1 : i32, pure = true} : i32 -> i32
  tt.return
}
