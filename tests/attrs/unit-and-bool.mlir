// Keywords of custom forms that stand for unit attributes, with the other values the
// attribute dictionary can give them: each must read back with the same value.
module {
  tt.func @reshape(%x: tensor<512xi32>) {
    %0 = tt.reshape %x {allow_reorder = false} : tensor<512xi32> -> tensor<16x32xi32>
    %1 = tt.reshape %x {allow_reorder = true} : tensor<512xi32> -> tensor<16x32xi32>
    %2 = tt.reshape %x {allow_reorder = false, efficient_layout = false} : tensor<512xi32> -> tensor<16x32xi32>
    %3 = tt.reshape %x allow_reorder {efficient_layout = false} : tensor<512xi32> -> tensor<16x32xi32>
    %4 = tt.reshape %x allow_reorder efficient_layout : tensor<512xi32> -> tensor<16x32xi32>
    %5 = tt.reshape %x {efficient_layout} : tensor<512xi32> -> tensor<16x32xi32>
    tt.return
  }
}
