// EXPECT: 4:35: use of value '%i' expects different type than prior uses: 'i32' vs 'i64'
// the copy index of xsmt.buffer_tensor_view is i32
tt.func @f(%b: !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">, %i: i64) {
  %v = xsmt.buffer_tensor_view %b[%i] : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x32xf32>>
  tt.return
}
