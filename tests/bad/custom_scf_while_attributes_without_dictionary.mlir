// EXPECT: 9:16: expected attribute dictionary
func.func @f(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  } attributes 5
  return %r : i32
}
