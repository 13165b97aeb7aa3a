// EXPECT: 4:19: expected type
func.func @f(%lb: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %a :
  }
  return %r : f32
}
