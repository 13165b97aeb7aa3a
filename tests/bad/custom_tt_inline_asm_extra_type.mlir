// EXPECT: 3:107: 1 operands present, but expected 2
tt.func @f(%x: i32) {
  %0 = tt.elementwise_inline_asm "asm" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : i32, i32 -> i32
  tt.return
}
