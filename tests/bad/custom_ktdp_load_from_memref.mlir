// EXPECT: 3:23: expected !ktdp.access_tile type
func.func @f(%m: memref<4xf32>) {
  %0 = ktdp.load %m : memref<4xf32> -> tensor<4xf32>
  return
}
