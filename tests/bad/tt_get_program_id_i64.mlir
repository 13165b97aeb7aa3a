// EXPECT: 3:8: 'tt.get_program_id' op result #0 must be 32-bit signless integer, but got 'i64'
tt.func @f() {
  %0 = "tt.get_program_id"() {axis = 0 : i32} : () -> i64
  tt.return
}
