// EXPECT: 3:26: expected ':'
tt.func @f(%c: tensor<4xi1>) {
  tt.assert %c, "message"
  tt.return
}
