// EXPECT: 3:3: 'tt.return' op type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f
tt.func @f(%x: f32) -> i32 {
  tt.return %x : f32
}
