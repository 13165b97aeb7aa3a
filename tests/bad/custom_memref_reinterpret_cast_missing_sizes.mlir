// EXPECT: 3:51: expected 'sizes'
func.func @f(%m: memref<4xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [0], strides: [1] : memref<4xf32> to memref<4xf32>
  return
}
