// RUN: ttxform %s --emit=c --split-input-file --verify-diagnostics

// An op the C target does not translate is an error at the op.
module {
  tt.func public @hist(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %h = tt.histogram %r : tensor<4xi32> -> tensor<4xi32>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %q = tt.addptr %s, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    // expected-error @+1 {{the C target does not support 'tt.print' (printing pointers: the interpreter prints its own buffer numbers)}}
    tt.print " q: " {hex = false, isSigned = array<i32: 0>} : %q : tensor<4x!tt.ptr<i32>>
    tt.store %q, %h : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}

// -----

// Integer widths C has no type for.
module {
  tt.func public @odd(%a: i32, %p: !tt.ptr<i32>) {
    // expected-error @+1 {{the C target does not support 'arith.trunci' (its result type)}}
    %t = arith.trunci %a : i32 to i7
    %0 = arith.addi %t, %t : i7
    %1 = arith.extsi %0 : i7 to i32
    tt.store %p, %1 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A kernel's arguments are pointers and scalars.
module {
  // expected-error @+1 {{the C target does not support 'tt.func' (an argument of this type)}}
  tt.func public @tensor_arg(%a: tensor<4xf32>, %p: !tt.ptr<f32>) {
    tt.return
  }
}

// -----

// Only kernels: a function that returns values is not one.
module {
  tt.func private @helper(%a: i32) -> i32 {
    // expected-error @+1 {{the C target does not support 'tt.return' (a function that returns values)}}
    tt.return %a : i32
  }
}

// -----

// A module without a kernel.
// expected-error @+1 {{the module has no tt.func to translate to C}}
module {
}
