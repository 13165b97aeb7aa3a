// EXPECT: 5:9: reference to an undefined block
func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb9
}
