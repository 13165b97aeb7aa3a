// EXPECT: 3:8: 'tt.make_range' op number of elements in returned tensor, 4, must match size of range [0, 8), which has 8 elements
tt.func @f() {
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<4xi32>
  tt.return
}
