// EXPECT: 3:17: expected string
tt.func @f(%c: i1) {
  cf.assert %c, %c, "message"
  tt.return
}
