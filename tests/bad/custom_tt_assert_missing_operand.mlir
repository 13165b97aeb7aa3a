// EXPECT: 3:13: expected SSA operand
tt.func @f(%c: tensor<4xi1>) {
  tt.assert "message" : tensor<4xi1>
  tt.return
}
