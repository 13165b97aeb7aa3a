// EXPECT: 4:25: expected SSA operand
module {
  tt.func @f(%a: !tt.ptr<f32>) {
    %0 = arith.addi %a, : i32
    tt.return
  }
}
