// Parse errors, checked by --verify-diagnostics against the expected-error
// and expected-note annotations of each section; then the diagnostics
// printed without the checker, and the checker reporting a mismatch.
//
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=OUT
// RUN: not ttxform --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: sed -e 's/{{use of undeclared SSA value name/{{no such message/' %s \
// RUN:   | not ttxform --allow-unregistered-dialect - --split-input-file --verify-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISMATCH

func.func @redefinition() {
  // expected-note @+1 {{previously defined here}}
  %0 = "foo.def"() : () -> i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = "foo.def"() : () -> i32
  return
}

// ERR: diagnostics.mlir:[[@LINE-4]]:3: error: redefinition of SSA value '%0'
// ERR-NEXT: {{^}}  %0 = "foo.def"() : () -> i32{{$}}
// ERR-NEXT: {{^}}  ^{{$}}
// ERR-NEXT: diagnostics.mlir:[[@LINE-9]]:3: note: previously defined here
// ERR-NEXT: {{^}}  %0 = "foo.def"() : () -> i32{{$}}
// ERR-NEXT: {{^}}  ^{{$}}
// ERR-NOT: error

// -----

func.func @undeclared() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  "foo.use"(%nope) : (i32) -> ()
  return
}

// MISMATCH-DAG: error: unexpected error: use of undeclared SSA value name
// MISMATCH-DAG: error: expected error "no such message" was not produced

// -----

func.func @type_mismatch() {
  // expected-note @+1 {{prior use here}}
  %0 = "foo.def"() : () -> i32
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
  "foo.use"(%0) : (f32) -> ()
  return
}

// -----

// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([4])}}
"foo.op"() {a = dense<[1, 2, 3]> : tensor<4xi32>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = dense<300> : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
"foo.op"() {a = dense<[1, 2]> : tensor<2xf32>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type}}
"foo.op"() {a = dense<"0x01000100"> : tensor<4xi1>} : () -> ()

// -----

func.func @result_count(%lb: i32) {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %lb, %b = %lb) -> (i32, i32) : i32 {
    scf.yield %a, %b : i32, i32
  }
  return
}

// -----

// An annotation on the line of the error, and @below / @above / @-N.
"foo.use"(%a) : (i32) -> () // expected-error {{use of undeclared SSA value name}}

// -----

#m = affine_map<(d0) -> (d0)>
// expected-error@below {{redefinition of attribute alias id 'm'}}
#m = affine_map<(d0) -> (d0 + 1)>

// -----

"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// expected-error@above {{tensor literal is invalid; ranks are not consistent between elements}}

// -----

"foo.op"() {a = -1 : ui8} : () -> ()

// expected-error@-2 {{negative integer literal not valid for unsigned integer type}}

// -----

// Sections without errors are printed; the output keeps one marker between
// any two sections.
"foo.ok"() : () -> ()

// OUT-COUNT-13: {{^// -{5}$}}
// OUT-NEXT:     module {
// OUT-NEXT:       "foo.ok"() : () -> ()
// OUT-NEXT:     }
// OUT-NOT:      {{.}}
