// EXPECT: 4:8: 'xsmt.alloc_copies' op copies must be positive, got 0
// an !xsmt.buffer of no copies
tt.func @f() {
  %b = xsmt.alloc_copies [[1, 32, 32]] storage("l2") : !xsmt.buffer<shape=[1, 32, 32], elementType=f32, copies=0, storageKind="l2">
  tt.return
}
