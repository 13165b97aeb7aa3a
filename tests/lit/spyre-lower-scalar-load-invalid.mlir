// lower-scalar-load errors: a masked scalar load needs a constant i1 mask.
// RUN: ttxform %s --split-input-file --lower-scalar-load --verify-diagnostics

tt.func @runtime_mask(%ptr: !tt.ptr<f32>, %m: i1) -> f32 {
  // expected-error @+1 {{cannot lower masked scalar tt.load: mask must be a compile-time constant on Spyre}}
  %v = tt.load %ptr, %m : !tt.ptr<f32>
  tt.return %v : f32
}

// -----

// arith.cmpi of two constants is not folded first.
tt.func @compared_constants(%ptr: !tt.ptr<f32>, %o: f32) -> f32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %m = arith.cmpi slt, %a, %b : i32
  // expected-error @+1 {{cannot lower masked scalar tt.load: mask must be a compile-time constant on Spyre}}
  %v = tt.load %ptr, %m, %o : !tt.ptr<f32>
  tt.return %v : f32
}

// -----

// Every offending load is reported.
tt.func @two(%ptr: !tt.ptr<i32>, %m: i1, %n: i1) -> (i32, i32) {
  // expected-error @+1 {{cannot lower masked scalar tt.load: mask must be a compile-time constant on Spyre}}
  %v = tt.load %ptr, %m : !tt.ptr<i32>
  // expected-error @+1 {{cannot lower masked scalar tt.load: mask must be a compile-time constant on Spyre}}
  %w = tt.load %ptr, %n : !tt.ptr<i32>
  tt.return %v, %w : i32, i32
}
