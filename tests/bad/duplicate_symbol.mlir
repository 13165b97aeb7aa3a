// EXPECT: 5:1: redefinition of symbol named 'f'
func.func @f() {
  return
}
func.func @f() {
  return
}
