// EXPECT: 4:9: entry block of a region may not be a branch target
func.func @f() {
^bb0:
  cf.br ^bb0
}
