// EXPECT: 6:1: redefinition of block '^bb1'
func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
^bb1:
  return
}
