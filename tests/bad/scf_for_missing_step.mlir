// EXPECT: 3:3: 'scf.for' op expected 3 or more operands, but found 2
func.func @f(%x: index) {
  "scf.for"(%x, %x) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index) -> ()
  return
}
