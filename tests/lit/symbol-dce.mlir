// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --symbol-dce | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(symbol-dce)' | FileCheck %s

// Private functions nobody refers to go; public ones (given or implied)
// stay; a private function that is called, or named in an attribute
// (nested in arrays and dictionaries too), stays.
// CHECK-NOT: @dead
// CHECK-LABEL: func.func private @called
// CHECK-NOT: @dead
// CHECK: func.func private @in_attr
// CHECK: func.func private @in_dict
// CHECK-NOT: @dead
// CHECK: func.func @implied_public
// CHECK: func.func public @explicit_public
// CHECK: func.func @main
// CHECK: "test.op"() {ref = @by_unknown_op}
// CHECK: func.func private @by_unknown_op
// CHECK-NOT: @dead
module {
  func.func private @dead() {
    return
  }
  func.func private @called(%a: i32) -> i32 {
    return %a : i32
  }
  func.func private @in_attr()
  func.func private @in_dict()
  func.func private @dead_decl(i32) -> i32
  func.func @implied_public() {
    return
  }
  func.func public @explicit_public() {
    return
  }
  func.func @main(%a: i32) -> i32 attributes {refs = [@in_attr, {k = @in_dict}]} {
    %0 = call @called(%a) : (i32) -> i32
    return %0 : i32
  }
  "test.op"() {ref = @by_unknown_op} : () -> ()
  func.func private @by_unknown_op()
}

// -----

// Liveness flows from public symbols: private functions that only call each
// other, or are only called by dead functions, go together.
// CHECK-NOT: @cycle
// CHECK-NOT: @only_dead
// CHECK-LABEL: tt.func private @kept
// CHECK: tt.func public @kernel
// CHECK-NOT: @cycle
// CHECK-NOT: @only_dead
module {
  tt.func private @cycle_a() {
    tt.call @cycle_b() : () -> ()
    tt.return
  }
  tt.func private @cycle_b() {
    tt.call @cycle_a() : () -> ()
    tt.return
  }
  tt.func private @only_dead_callee() {
    tt.return
  }
  tt.func private @only_dead_caller() {
    tt.call @only_dead_callee() : () -> ()
    tt.return
  }
  tt.func private @kept() {
    tt.return
  }
  tt.func public @kernel() {
    tt.call @kept() : () -> ()
    tt.return
  }
}

// -----

// A chain of private calls from a public function stays whole.
// CHECK-LABEL: func.func private @c
// CHECK: func.func private @b
// CHECK: func.func @a
module {
  func.func private @c() {
    return
  }
  func.func private @b() {
    call @c() : () -> ()
    return
  }
  func.func @a() {
    call @b() : () -> ()
    return
  }
}

// -----

// Nested modules are symbol tables of their own, with the same rules; a
// private module nobody refers to goes with all it holds.
// CHECK-LABEL: module @pub {
// CHECK-NEXT: func.func @f
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: module @priv attributes {sym_visibility = "private"} {
// CHECK-NEXT: func.func @used
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @public_in_priv
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func @user() attributes {r = @priv::@used}
module {
  module @pub {
    func.func @f() {
      return
    }
    func.func private @g() {
      return
    }
  }
  module @priv attributes {sym_visibility = "private"} {
    func.func @used() {
      return
    }
    func.func @public_in_priv() {
      return
    }
    func.func private @private_in_priv() {
      return
    }
  }
  module @priv_dead attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
  }
  func.func @user() attributes {r = @priv::@used} {
    return
  }
}

// -----

// Ops whose custom syntax was not understood are searched for references.
// CHECK-LABEL: func.func private @from_verbatim
module {
  func.func private @from_verbatim() {
    return
  }
  func.func @main() {
    test.custom @from_verbatim
    return
  }
}
