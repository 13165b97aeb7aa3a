// EXPECT: 3:63: mismatch in number of loop-carried values and defined values
func.func @f(%lb: index, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32, f32) {
    scf.yield %a : f32
  }
  return %r : f32
}
