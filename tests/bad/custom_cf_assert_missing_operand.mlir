// EXPECT: 3:13: expected SSA operand
tt.func @f(%c: i1) {
  cf.assert "message"
  tt.return
}
