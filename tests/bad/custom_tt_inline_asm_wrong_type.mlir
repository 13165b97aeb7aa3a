// EXPECT: 3:102: use of value '%x' expects different type than prior uses: 'f32' vs 'i32'
tt.func @f(%x: i32) {
  %0 = tt.elementwise_inline_asm "asm" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : f32 -> i32
  tt.return
}
