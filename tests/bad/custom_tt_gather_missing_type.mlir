// EXPECT: 3:25: expected ':'
tt.func @f(%s: tensor<8x4xf32>, %i: tensor<8x4xi32>) {
  %0 = tt.gather %s[%i] {axis = 0 : i32}
  tt.return
}
