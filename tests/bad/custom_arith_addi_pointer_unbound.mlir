// EXPECT: 3:3: 'arith.addi' op operand #0 must be signless-integer-like, but got '!tt.ptr<f32>'
tt.func @f(%a: !tt.ptr<f32>) {
  arith.addi %a, %a : !tt.ptr<f32>
  tt.return
}
