// EXPECT: 3:3: 'tt.assert' op operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values, but got 'tensor<4xi32>'
tt.func @f(%c: tensor<4xi32>) {
  tt.assert %c, "message" : tensor<4xi32>
  tt.return
}
