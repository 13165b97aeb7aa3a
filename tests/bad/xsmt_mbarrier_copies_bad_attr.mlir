// EXPECT: 4:36: expected integer
// a copies(...) that is not an integer
tt.func @f() {
  %m = xsmt.mbarrier_copies copies(two) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<2>
  tt.return
}
