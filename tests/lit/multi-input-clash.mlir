// Two inputs with the same output name in -o DIR: an error before anything is written.
// RUN: rm -rf %t && mkdir -p %t/a %t/b %t/out && cp %s %t/a/k.ttir && cp %s %t/b/k.ttir \
// RUN:   && not ttxform %t/a/k.ttir %t/b/k.ttir -o %t/out 2>&1 | FileCheck %s --check-prefix=CLASH \
// RUN:   && test ! -e %t/out/k.mlir \
// RUN:   && cp %s %t/a/k.mlir && not ttxform %t/a/k.mlir %t/b/k.ttir -o %t/out 2>&1 | FileCheck %s --check-prefix=CLASH \
// RUN:   && test ! -e %t/out/k.mlir

// CLASH: ttxform: error: inputs '{{.*}}/k.{{ttir|mlir}}' and '{{.*}}/b/k.ttir' would both be written to '{{.*}}/out/k.mlir'

module {
  tt.func public @f(%arg0: i32) -> i32 {
    tt.return %arg0 : i32
  }
}
