// EXPECT: 3:61: expected integer
func.func @f(%o: index) {
  %0 = ktdp.construct_memory_view %o, sizes: [4], strides: [one] : memref<4xf16>
  return
}
