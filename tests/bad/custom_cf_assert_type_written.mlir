// EXPECT: 3:27: expected end of operation
tt.func @f(%c: i1) {
  cf.assert %c, "message" : i1
  tt.return
}
