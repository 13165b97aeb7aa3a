// EXPECT: 3:24: expected ':'
func.func @f(%i: index) {
  %0 = memref.alloc(%i)
  return
}
