// EXPECT: 3:47: expected list of integers and SSA operands
func.func @f(%m: memref<4xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [x], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
  return
}
