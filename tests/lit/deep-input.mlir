// Deeply nested input larger than the process stack allows for runs on a
// thread with a large stack, from a file and from stdin (read only once).
// RUN: rm -rf %t && mkdir -p %t && python3 -c "print('module attributes {a = ' + '['*30000 + '1' + ']'*30000 + '} {}')" > %t/deep.mlir \
// RUN:   && ttxform %t/deep.mlir | FileCheck %s \
// RUN:   && cat %t/deep.mlir | ttxform | FileCheck %s \
// RUN:   && cat %t/deep.mlir | ttxform - -o %t/out.mlir && FileCheck %s < %t/out.mlir
// CHECK: module attributes {a = {{\[\[\[\[\[\[\[\[}}
// CHECK-SAME: {{1\]\]\]\]\]\]\]\]}}
