// EXPECT: 4:35: expected '['
// xsmt.buffer_tensor_view without its copy index
tt.func @f(%b: !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">) {
  %v = xsmt.buffer_tensor_view %b : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x32xf32>>
  tt.return
}
