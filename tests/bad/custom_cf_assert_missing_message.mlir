// EXPECT: 3:15: expected ','
tt.func @f(%c: i1) {
  cf.assert %c
  tt.return
}
