// --mlir-print-debuginfo prints locations: ops refer to #loc aliases
// defined after the module, block arguments carry theirs inline, and ops,
// arguments and the module without a written location get their place in
// this file. Without the option no location is printed.
//
// RUN: ttxform --allow-unregistered-dialect --mlir-print-debuginfo %s | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect --mlir-print-debuginfo %s | ttxform --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %s | ttxform --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s | FileCheck %s --check-prefix=NODEBUG

#loc = loc("kernel.py":1:0)
module {
  func.func @f(%a: i32 loc("kernel.py":1:10), %b: i32) -> i32 {
    %0 = arith.addi %a, %b : i32 loc("kernel.py":2:5)
    %1 = "foo.op"(%0) : (i32) -> i32 loc("kernel.py":2:5)
    %2 = "foo.op"(%1) : (i32) -> i32 loc(unknown)
    %3 = "foo.op"(%2) : (i32) -> i32 loc("name")
    %4 = "foo.op"(%3) : (i32) -> i32 loc(callsite("callee"("a.py":1:2) at "b.py":3:4))
    %5 = "foo.op"(%4) : (i32) -> i32 loc(fused["a.py":5:1, "b.py":6:2])
    %6 = "foo.op"(%5) : (i32) -> i32
    "foo.br"(%6)[^bb1] : (i32) -> () loc(#loc)
  ^bb1(%x: i32 loc("kernel.py":9:9)):
    return %x : i32 loc(#loc)
  } loc(#loc)
}

// CHECK:      module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("kernel.py":1:10), %arg1: i32 loc("{{.*}}debuginfo.mlir":[[@LINE-15]]:47)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32 loc([[L25:#loc[0-9]*]])
// CHECK-NEXT:     %1 = "foo.op"(%0) : (i32) -> i32 loc([[L25]])
// CHECK-NEXT:     %2 = "foo.op"(%1) : (i32) -> i32 loc([[UNKNOWN:#loc[0-9]*]])
// CHECK-NEXT:     %3 = "foo.op"(%2) : (i32) -> i32 loc([[NAME:#loc[0-9]*]])
// CHECK-NEXT:     %4 = "foo.op"(%3) : (i32) -> i32 loc([[CALLSITE:#loc[0-9]*]])
// CHECK-NEXT:     %5 = "foo.op"(%4) : (i32) -> i32 loc([[FUSED:#loc[0-9]*]])
// CHECK-NEXT:     %6 = "foo.op"(%5) : (i32) -> i32 loc([[HERE:#loc[0-9]*]])
// CHECK-NEXT:     "foo.br"(%6)[^bb1] : (i32) -> () loc([[L10:#loc[0-9]*]])
// CHECK-NEXT:   ^bb1(%7: i32 loc("kernel.py":9:9)):  // pred: ^bb0
// CHECK-NEXT:     return %7 : i32 loc([[L10]])
// CHECK-NEXT:   } loc([[L10]])
// CHECK-NEXT: } loc([[MODULE:#loc[0-9]*]])
// CHECK-DAG:  [[MODULE]] = loc("{{.*}}debuginfo.mlir":[[@LINE-29]]:1)
// CHECK-DAG:  [[L10]] = loc("kernel.py":1:0)
// CHECK-DAG:  [[L25]] = loc("kernel.py":2:5)
// CHECK-DAG:  [[UNKNOWN]] = loc(unknown)
// CHECK-DAG:  [[NAME]] = loc("name")
// CHECK-DAG:  [[HERE]] = loc("{{.*}}debuginfo.mlir":[[@LINE-26]]:10)
// CHECK-DAG:  [[CALLSITE]] = loc(callsite([[CALLEE:#loc[0-9]*]] at [[B34:#loc[0-9]*]]))
// CHECK-DAG:  [[FUSED]] = loc(fused[[[A51:#loc[0-9]*]], [[B62:#loc[0-9]*]]])
// CHECK-DAG:  [[CALLEE]] = loc("callee"([[A12:#loc[0-9]*]]))
// CHECK-DAG:  [[A12]] = loc("a.py":1:2)
// CHECK-DAG:  [[B34]] = loc("b.py":3:4)
// CHECK-DAG:  [[A51]] = loc("a.py":5:1)
// CHECK-DAG:  [[B62]] = loc("b.py":6:2)

// NODEBUG-NOT:  loc
// NODEBUG:      func.func @f(%arg0: i32, %arg1: i32) -> i32 {
// NODEBUG-NOT:  loc
// NODEBUG:      %0 = arith.addi %arg0, %arg1 : i32{{$}}
// NODEBUG-NOT:  loc
// NODEBUG:      ^bb1(%7: i32):  // pred: ^bb0
// NODEBUG-NOT:  loc
// NODEBUG:      return %7 : i32{{$}}
// NODEBUG-NOT:  loc
