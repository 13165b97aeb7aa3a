// EXPECT: 3:17: expected string
tt.func @f(%c: tensor<4xi1>) {
  tt.assert %c, 3 : tensor<4xi1>
  tt.return
}
