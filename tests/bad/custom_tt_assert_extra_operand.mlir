// EXPECT: 3:17: expected string
tt.func @f(%c: tensor<4xi1>) {
  tt.assert %c, %c, "message" : tensor<4xi1>
  tt.return
}
