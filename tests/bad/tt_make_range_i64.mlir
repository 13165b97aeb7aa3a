// EXPECT: 3:8: 'tt.make_range' op returned tensor must have i32 elements
tt.func @f() {
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi64>
  tt.return
}
