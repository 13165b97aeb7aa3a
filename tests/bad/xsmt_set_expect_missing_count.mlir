// EXPECT: 4:30: expected ','
// xsmt.barrier_set_expect without its count
tt.func @f(%b: i64) {
  xsmt.barrier_set_expect %b : i64
  tt.return
}
