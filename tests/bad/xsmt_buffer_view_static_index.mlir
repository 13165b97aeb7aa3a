// EXPECT: 5:8: 'xsmt.buffer_tensor_view' op buffer index -1 is out of range [0, 2)
// a constant copy index outside the buffer
tt.func @f(%b: !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">) {
  %c = arith.constant -1 : i32
  %v = xsmt.buffer_tensor_view %b[%c] : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x32xf32>>
  tt.return
}
