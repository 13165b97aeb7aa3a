// EXPECT: 3:8: 'tt.addptr' op operand #0 must be ptr or ranked tensor of ptr values, but got 'i64'
tt.func @f(%p: i64, %o: i32) {
  %0 = tt.addptr %p, %o : i64, i32
  tt.return
}
