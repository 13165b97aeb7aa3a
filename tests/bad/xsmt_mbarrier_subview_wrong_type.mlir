// EXPECT: 4:8: 'xsmt.mbarrier_subview' op operand #0 must be '!xsmt.mbarrier<N>', but got 'i64'
// xsmt.mbarrier_subview of a single barrier (an i64), not of !xsmt.mbarrier<N>
tt.func @f(%m: i64, %i: i32) {
  %b = xsmt.mbarrier_subview %m[%i] : (i64, i32) -> i64
  tt.return
}
