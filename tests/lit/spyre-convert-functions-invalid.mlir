// RUN: ttxform %s --split-input-file --convert-ttir-functions --verify-diagnostics

// A pointer argument used by an op that needs a pointer cannot become an
// index: the op is reported (the reference left it to fail in the verifier).

tt.func @addptr(%p: !tt.ptr<f32>, %n: i32) {
  // expected-error @below {{ConvertFunctions: 'tt.addptr' uses pointer argument #0 of @addptr, which becomes 'index'; only builtin.unrealized_conversion_cast users of a pointer argument can be rewritten}}
  %q = tt.addptr %p, %n : !tt.ptr<f32>, i32
  tt.return
}

// -----

tt.func @loop(%p: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{ConvertFunctions: 'scf.for' uses pointer argument #0 of @loop}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %p) -> (!tt.ptr<f32>) : i32 {
    scf.yield %a : !tt.ptr<f32>
  }
  tt.return
}

// -----

tt.func @splat(%p: !tt.ptr<f32>) {
  // expected-error @below {{ConvertFunctions: 'tt.splat' uses pointer argument #0 of @splat}}
  %t = tt.splat %p : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  tt.return
}

// -----

// A call of a function the module does not define keeps its pointer
// parameter, so passing it the retyped argument is reported.
tt.func @external(%p: !tt.ptr<f32>) {
  // expected-error @below {{ConvertFunctions: 'func.call' uses pointer argument #0 of @external}}
  tt.call @elsewhere(%p) : (!tt.ptr<f32>) -> ()
  tt.return
}
