// EXPECT: 6:10: custom op 'arith.addff' is unknown
// ARGS: --emit=ktir
module {
  tt.func @k(%a: !tt.ptr<f32>) {
    %x = tt.load %a : !tt.ptr<f32>
    %y = arith.addff %x, %x : f32
    tt.store %a, %y : !tt.ptr<f32>
    tt.return
  }
}
