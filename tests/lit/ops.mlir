// Operations: SSA value and block naming, regions, successors, the custom
// forms of func/arith/scf/cf/tt ops, the generic form, and module wrapping.
//
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --mlir-print-op-generic | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s --strict-whitespace --check-prefix=WS
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// In the generic form values are not named after their ops (%0, not %c0),
// every value of an isolated region gets its own number (nested regions are
// numbered last region first), and default-valued properties are printed.

// Values are renamed: entry block arguments %argN, results %N, constants by
// their value and type, made unique with _N suffixes.
func.func @names(%a: i32, %b: f32, %p: index) -> i32 {
  %c0 = arith.constant 0 : i32
  %c0b = arith.constant 0 : i32
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : i64
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %d = arith.constant dense<0.0> : tensor<4xf32>
  %m = arith.constant -1 : i32
  %i8 = arith.constant 7 : i8
  %idx = arith.constant 0 : index
  %s = arith.addi %a, %c0 : i32
  %r = arith.addf %b, %x : f32
  %two:2 = "foo.two"() : () -> (i32, i32)
  %z = arith.addi %two#0, %two#1 : i32
  %cmp = arith.cmpi slt, %a, %c0 : i32
  %sel = arith.select %cmp, %a, %c0b : i32
  %fc = arith.cmpf olt, %b, %y : f32
  return %s : i32
}

// CHECK: module {
// CHECK-NEXT:   func.func @names(%arg0: i32, %arg1: f32, %arg2: index) -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %cst_1 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     %cst_2 = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:     %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:     %c7_i8 = arith.constant 7 : i8
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// CHECK-NEXT:     %1 = arith.addf %arg1, %cst : f32
// CHECK-NEXT:     %2:2 = "foo.two"() : () -> (i32, i32)
// CHECK-NEXT:     %3 = arith.addi %2#0, %2#1 : i32
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT:     %5 = arith.select %4, %arg0, %c0_i32_0 : i32
// CHECK-NEXT:     %6 = arith.cmpf olt, %arg1, %cst_1 : f32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL:   "func.func"() <{function_type = (i32, f32, index) -> i32, sym_name = "names"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32, %arg2: index):
// GENERIC-NEXT:     %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// GENERIC-NEXT:     %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// GENERIC-NEXT:     %2 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %3 = "arith.constant"() <{value = 2 : i64}> : () -> i64
// GENERIC-NEXT:     %4 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %5 = "arith.constant"() <{value = false}> : () -> i1
// GENERIC-NEXT:     %6 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT:     %7 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT:     %8 = "arith.constant"() <{value = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
// GENERIC-NEXT:     %9 = "arith.constant"() <{value = -1 : i32}> : () -> i32
// GENERIC-NEXT:     %10 = "arith.constant"() <{value = 7 : i8}> : () -> i8
// GENERIC-NEXT:     %11 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %12 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:     %13 = "arith.addf"(%arg1, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT:     %14:2 = "foo.two"() : () -> (i32, i32)
// GENERIC-NEXT:     %15 = "arith.addi"(%14#0, %14#1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:     %16 = "arith.cmpi"(%arg0, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GENERIC-NEXT:     %17 = "arith.select"(%16, %arg0, %1) : (i1, i32, i32) -> i32
// GENERIC-NEXT:     %18 = "arith.cmpf"(%arg1, %7) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// GENERIC-NEXT:     "func.return"(%12) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Values in nested regions are numbered after the values of the enclosing
// region; sibling regions start from the same number.
func.func @nested(%n: index, %v: i32, %cond: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (i32) {
    %1 = arith.addi %acc, %acc : i32
    %2 = scf.if %cond -> (i32) {
      %3 = arith.muli %1, %1 : i32
      scf.yield %3 : i32
    } else {
      %4 = arith.subi %1, %1 : i32
      scf.yield %4 : i32
    }
    scf.yield %2 : i32
  }
  %5 = arith.addi %0, %0 : i32
  "foo.regions"() ({
    %6 = "foo.inner"() : () -> i32
    "foo.yield"(%6) : (i32) -> ()
  }, {
  ^bb0(%a: i32, %b: f32):
    %7 = "foo.inner"() : () -> i32
    "foo.yield"(%a) : (i32) -> ()
  }) : () -> ()
  %8 = "foo.after"() : () -> i32
  return %5 : i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @nested(%arg0: index, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg1) -> (i32) {
// CHECK-NEXT:       %3 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT:       %4 = scf.if %arg2 -> (i32) {
// CHECK-NEXT:         %5 = arith.muli %3, %3 : i32
// CHECK-NEXT:         scf.yield %5 : i32
// CHECK-NEXT:       } else {
// CHECK-NEXT:         %5 = arith.subi %3, %3 : i32
// CHECK-NEXT:         scf.yield %5 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %4 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     "foo.regions"() ({
// CHECK-NEXT:       %3 = "foo.inner"() : () -> i32
// CHECK-NEXT:       "foo.yield"(%3) : (i32) -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg3: i32, %arg4: f32):
// CHECK-NEXT:       %3 = "foo.inner"() : () -> i32
// CHECK-NEXT:       "foo.yield"(%arg3) : (i32) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     %2 = "foo.after"() : () -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL:   "func.func"() <{function_type = (index, i32, i1) -> i32, sym_name = "nested"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: index, %arg1: i32, %arg2: i1):
// GENERIC-NEXT:     %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %1 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %2 = "scf.for"(%0, %arg0, %1, %arg1) ({
// GENERIC-NEXT:     ^bb0(%arg5: index, %arg6: i32):
// GENERIC-NEXT:       %7 = "arith.addi"(%arg6, %arg6) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:       %8 = "scf.if"(%arg2) ({
// GENERIC-NEXT:         %10 = "arith.muli"(%7, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:         "scf.yield"(%10) : (i32) -> ()
// GENERIC-NEXT:       }, {
// GENERIC-NEXT:         %9 = "arith.subi"(%7, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:         "scf.yield"(%9) : (i32) -> ()
// GENERIC-NEXT:       }) : (i1) -> i32
// GENERIC-NEXT:       "scf.yield"(%8) : (i32) -> ()
// GENERIC-NEXT:     }) : (index, index, index, i32) -> i32
// GENERIC-NEXT:     %3 = "arith.addi"(%2, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:     "foo.regions"() ({
// GENERIC-NEXT:       %6 = "foo.inner"() : () -> i32
// GENERIC-NEXT:       "foo.yield"(%6) : (i32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     ^bb0(%arg3: i32, %arg4: f32):
// GENERIC-NEXT:       %5 = "foo.inner"() : () -> i32
// GENERIC-NEXT:       "foo.yield"(%arg3) : (i32) -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     %4 = "foo.after"() : () -> i32
// GENERIC-NEXT:     "func.return"(%3) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Constant names are unique within the enclosing regions; the _N counter is
// shared and restarts for sibling regions.
func.func @constant_names(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.constant 0 : index
    %z = arith.constant 0 : i32
    "foo.use"(%k, %z) : (index, i32) -> ()
  }
  scf.if %c {
    %z = arith.constant 0 : i32
    %k = arith.constant 0 : index
    "foo.use"(%k, %z) : (index, i32) -> ()
  } else {
    %z = arith.constant 0 : i32
    "foo.use"(%z) : (i32) -> ()
  }
  %z = arith.constant 0 : i32
  "foo.use"(%z) : (i32) -> ()
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @constant_names(%arg0: index, %arg1: i1) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:       %c0_0 = arith.constant 0 : index
// CHECK-NEXT:       %c0_i32_1 = arith.constant 0 : i32
// CHECK-NEXT:       "foo.use"(%c0_0, %c0_i32_1) : (index, i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT:       %c0_1 = arith.constant 0 : index
// CHECK-NEXT:       "foo.use"(%c0_1, %c0_i32_0) : (index, i32) -> ()
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT:       "foo.use"(%c0_i32_0) : (i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     "foo.use"(%c0_i32) : (i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Blocks are numbered ^bbN and annotated with their predecessors.
func.func @cfg(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^left(%a : i32), ^right
^left(%x: i32):
  cf.br ^join(%x, %b : i32, i32)
^right:
  %s = arith.addi %a, %b : i32
  cf.br ^join(%s, %s : i32, i32)
^join(%y: i32, %z: i32):
  %r = arith.addi %y, %z : i32
  return %r : i32
}
func.func @loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  cf.br ^head(%c0 : i32)
^head(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^head(%next : i32)
^exit:
  return
}
func.func @generic_successors(%a: i32) {
  "foo.br"(%a)[^bb1, ^bb2] {hint} : (i32) -> ()
^bb1:
  "foo.term"() : () -> ()
^bb2:
  "foo.term"() : () -> ()
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @cfg(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%0, %arg2 : i32, i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:     cf.br ^bb3(%1, %1 : i32, i32)
// CHECK-NEXT:   ^bb3(%2: i32, %3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %4 = arith.addi %2, %3 : i32
// CHECK-NEXT:     return %4 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loop(%arg0: i32) {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     cf.br ^bb1(%c0_i32 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %1, ^bb2, ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %2 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     cf.br ^bb1(%2 : i32)
// CHECK-NEXT:   ^bb3:  // pred: ^bb1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @generic_successors(%arg0: i32) {
// CHECK-NEXT:     "foo.br"(%arg0)[^bb1, ^bb2] {hint} : (i32) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "foo.term"() : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     "foo.term"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// A block reached twice from the same branch lists that predecessor twice.
func.func @same_successor(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @same_successor(%arg0: i1) {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// scf custom forms: an scf.yield without operands is not printed; a loop
// over i32 prints its type.
func.func @scf(%lb: i32, %ub: i32, %c: i1, %n: index) -> i32 {
  scf.for %i = %lb to %ub step %lb : i32 {
    "foo.use"(%i) : (i32) -> ()
    scf.yield
  }
  %r:2 = scf.for %i = %lb to %ub step %lb iter_args(%x = %lb, %y = %ub) -> (i32, i32) : i32 {
    scf.yield %y, %x : i32, i32
  }
  scf.if %c {
    "foo.then"() : () -> ()
  }
  scf.if %c {
    scf.yield
  } else {
    "foo.else"() : () -> ()
    scf.yield
  }
  %v = scf.if %c -> (i32) {
    scf.yield %lb : i32
  } else {
    scf.yield %ub : i32
  }
  %w:2 = scf.while (%a = %lb, %b = %ub) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %a, %b : i32
    scf.condition(%lt) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    %inc = arith.addi %a2, %lb : i32
    scf.yield %inc, %b2 : i32, i32
  }
  return %w#0 : i32
}
// WS: {{^}}    scf.for %arg4 = %arg0 to %arg1 step %arg0  : i32 {{[{]$}}
// WS: {{^}}    %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg0 iter_args(%arg5 = %arg0, %arg6 = %arg1) -> (i32, i32)  : i32 {{[{]$}}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @scf(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: index) -> i32 {
// CHECK-NEXT:     scf.for %arg4 = %arg0 to %arg1 step %arg0  : i32 {
// CHECK-NEXT:       "foo.use"(%arg4) : (i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %0:2 = scf.for %arg4 = %arg0 to %arg1 step %arg0 iter_args(%arg5 = %arg0, %arg6 = %arg1) -> (i32, i32)  : i32 {
// CHECK-NEXT:       scf.yield %arg6, %arg5 : i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg2 {
// CHECK-NEXT:       "foo.then"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg2 {
// CHECK-NEXT:     } else {
// CHECK-NEXT:       "foo.else"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = scf.if %arg2 -> (i32) {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2:2 = scf.while (%arg4 = %arg0, %arg5 = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:       %3 = arith.cmpi slt, %arg4, %arg5 : i32
// CHECK-NEXT:       scf.condition(%3) %arg4, %arg5 : i32, i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT:       %3 = arith.addi %arg4, %arg0 : i32
// CHECK-NEXT:       scf.yield %3, %arg5 : i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %2#0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// func.func: visibility, declarations, argument and result attributes,
// `attributes`, calls; func.return prints as `return`.
func.func private @decl(i32 {foo.a}, f32) -> (i32, f32) attributes {foo.b}
func.func public @callee(%a: i32 {foo.arg = 1 : i32, foo.flag}, %b: f32) -> (i32 {foo.res}) attributes {noinline = false} {
  func.return %a : i32
}
func.func @caller(%a: i32, %b: f32) -> i32 {
  %0 = func.call @callee(%a, %b) : (i32, f32) -> i32
  %1:2 = call @decl(%0, %b) : (i32, f32) -> (i32, f32)
  return %1#0 : i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @decl(i32 {foo.a}, f32) -> (i32, f32) attributes {foo.b}
// CHECK-NEXT:   func.func public @callee(%arg0: i32 {foo.arg = 1 : i32, foo.flag}, %arg1: f32) -> (i32 {foo.res}) attributes {noinline = false} {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:     %0 = call @callee(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:     %1:2 = call @decl(%0, %arg1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     return %1#0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL:   "func.func"() <{arg_attrs = [{foo.a}, {}], function_type = (i32, f32) -> (i32, f32), sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) {foo.b} : () -> ()
// GENERIC-NEXT:   "func.func"() <{arg_attrs = [{foo.arg = 1 : i32, foo.flag}, {}], function_type = (i32, f32) -> i32, res_attrs = [{foo.res}], sym_name = "callee", sym_visibility = "public"}> ({
// GENERIC-NEXT:   ^bb0(%arg2: i32, %arg3: f32):
// GENERIC-NEXT:     "func.return"(%arg2) : (i32) -> ()
// GENERIC-NEXT:   }) {noinline = false} : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "caller"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// GENERIC-NEXT:     %0 = "func.call"(%arg0, %arg1) <{callee = @callee}> : (i32, f32) -> i32
// GENERIC-NEXT:     %1:2 = "func.call"(%0, %arg1) <{callee = @decl}> : (i32, f32) -> (i32, f32)
// GENERIC-NEXT:     "func.return"(%1#0) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// The generic form of registered ops is read and printed in custom form;
// unregistered ops keep properties, attributes, regions and successors.
"func.func"() <{function_type = (i32, i32) -> i1, sym_name = "generic"}> ({
^bb0(%a: i32, %b: i32):
  %0 = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %1 = "arith.addi"(%a, %0) : (i32, i32) -> i32
  %2 = "arith.cmpi"(%1, %b) <{predicate = 3 : i64}> : (i32, i32) -> i1
  "foo.props"(%2) <{p = 1 : i32, q = [1, 2]}> {d, e = "s"} : (i1) -> ()
  %3 = "foo.unit_prop"() <{u}> : () -> i32
  "func.return"(%2) : (i1) -> ()
}) : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @generic(%arg0: i32, %arg1: i32) -> i1 {
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c5_i32 : i32
// CHECK-NEXT:     %1 = arith.cmpi sle, %0, %arg1 : i32
// CHECK-NEXT:     "foo.props"(%1) <{p = 1 : i32, q = [1, 2]}> {d, e = "s"} : (i1) -> ()
// CHECK-NEXT:     %2 = "foo.unit_prop"() <{u}> : () -> i32
// CHECK-NEXT:     return %1 : i1
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL:   "func.func"() <{function_type = (i32, i32) -> i1, sym_name = "generic"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: i32):
// GENERIC-NEXT:     %0 = "arith.constant"() <{value = 5 : i32}> : () -> i32
// GENERIC-NEXT:     %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC-NEXT:     %2 = "arith.cmpi"(%1, %arg1) <{predicate = 3 : i64}> : (i32, i32) -> i1
// GENERIC-NEXT:     "foo.props"(%2) <{p = 1 : i32, q = [1, 2]}> {d, e = "s"} : (i1) -> ()
// GENERIC-NEXT:     %3 = "foo.unit_prop"() <{u}> : () -> i32
// GENERIC-NEXT:     "func.return"(%2) : (i1) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// -----

// Integer overflow flags and fast-math flags given as properties print in
// the ops' custom syntax.
func.func @flags(%a: i32, %b: f32) -> f32 {
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %1 = "arith.addf"(%b, %b) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
  return %1 : f32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @flags(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 overflow<nsw> : i32
// CHECK-NEXT:     %1 = arith.addf %arg1, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// ... and they survive the generic form.
func.func @flags_custom(%a: i32, %b: f32) -> f32 {
  %0 = arith.addi %a, %a overflow<nsw, nuw> : i32
  %1 = arith.muli %0, %a overflow<nuw> : i32
  %2 = arith.addf %b, %b fastmath<fast> : f32
  %3 = arith.cmpf ogt, %2, %b fastmath<nnan> : f32
  return %2 : f32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @flags_custom(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT:     %1 = arith.muli %0, %arg0 overflow<nuw> : i32
// CHECK-NEXT:     %2 = arith.addf %arg1, %arg1 fastmath<fast> : f32
// CHECK-NEXT:     %3 = arith.cmpf ogt, %2, %arg1 fastmath<nnan> : f32
// CHECK-NEXT:     return %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Ops outside a module are wrapped in one.
"foo.top"() : () -> ()
%0 = "foo.def"() : () -> i32
"foo.use"(%0) : (i32) -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.top"() : () -> ()
// CHECK-NEXT:   %0 = "foo.def"() : () -> i32
// CHECK-NEXT:   "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT: }

// -----

// An explicit module keeps its name and attributes; modules nest.
module @outer attributes {foo.b = 1 : i32, foo.a} {
  module @inner {
    "foo.op"() : () -> ()
  }
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module @outer attributes {foo.a, foo.b = 1 : i32} {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     "foo.op"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL: "builtin.module"() <{sym_name = "outer"}> ({
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:     "foo.op"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) {foo.a, foo.b = 1 : i32} : () -> ()

// -----

// Triton functions print like func.func; ops inside keep the tt. prefix.
module attributes {ttg.target = "cuda:80", "ttg.num-warps" = 4 : i32} {
  tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %pid = tt.get_program_id x : i32
    %c128 = arith.constant 128 : i32
    %start = arith.muli %pid, %c128 : i32
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %s = tt.splat %start : i32 -> tensor<128xi32>
    %off = arith.addi %s, %r : tensor<128xi32>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %a = tt.addptr %ps, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %ns = tt.splat %n : i32 -> tensor<128xi32>
    %mask = arith.cmpi slt, %off, %ns : tensor<128xi32>
    %v = tt.load %a, %mask : tensor<128x!tt.ptr<f32>>
    tt.store %a, %v, %mask : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
// CHECK-NEXT:   tt.func public @kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
// CHECK-NEXT:     %0 = tt.get_program_id x : i32
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %c128_i32 : i32
// CHECK-NEXT:     %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK-NEXT:     %3 = tt.splat %1 : i32 -> tensor<128xi32>
// CHECK-NEXT:     %4 = arith.addi %3, %2 : tensor<128xi32>
// CHECK-NEXT:     %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:     %6 = tt.addptr %5, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
// CHECK-NEXT:     %7 = tt.splat %arg1 : i32 -> tensor<128xi32>
// CHECK-NEXT:     %8 = arith.cmpi slt, %4, %7 : tensor<128xi32>
// CHECK-NEXT:     %9 = tt.load %6, %8 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:     tt.store %6, %9, %8 : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL: "tt.func"() <{arg_attrs = [{tt.divisibility = 16 : i32}, {tt.divisibility = 16 : i32}], function_type = (!tt.ptr<f32>, i32) -> (), sym_name = "kernel", sym_visibility = "public"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !tt.ptr<f32>, %arg1: i32):
// GENERIC-NEXT:     %0 = "tt.get_program_id"() <{axis = 0 : i32}> : () -> i32
// GENERIC-NEXT:     %1 = "arith.constant"() <{value = 128 : i32}> : () -> i32
// GENERIC:          %3 = "tt.make_range"() <{end = 128 : i32, start = 0 : i32}> : () -> tensor<128xi32>
// GENERIC-NEXT:     %4 = "tt.splat"(%2) : (i32) -> tensor<128xi32>
// GENERIC:          "tt.return"() : () -> ()
// GENERIC-NEXT:   }) {noinline = false} : () -> ()
// GENERIC-NEXT: }) {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} : () -> ()

// -----

// tt.func declarations, private functions, calls and results.
tt.func private @decl(i32 {tt.a}, f32) -> i32
tt.func private @helper(%x: i32, %y: f32) -> (i32, i32) {
  %0 = tt.call @decl(%x, %y) : (i32, f32) -> i32
  tt.return %0, %x : i32, i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   tt.func private @decl(i32 {tt.a}, f32) -> i32
// CHECK-NEXT:   tt.func private @helper(%arg0: i32, %arg1: f32) -> (i32, i32) {
// CHECK-NEXT:     %0 = tt.call @decl(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:     tt.return %0, %arg0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC-LABEL: "tt.func"() <{arg_attrs = [{tt.a}, {}], function_type = (i32, f32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "tt.func"() <{function_type = (i32, f32) -> (i32, i32), sym_name = "helper", sym_visibility = "private"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// GENERIC-NEXT:     %0 = "tt.call"(%arg0, %arg1) <{callee = @decl}> : (i32, f32) -> i32
// GENERIC-NEXT:     "tt.return"(%0, %arg0) : (i32, i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
