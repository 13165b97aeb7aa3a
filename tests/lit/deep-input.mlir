// Deeply nested input larger than the process stack allows for runs on a
// thread with a large stack, from a file and from stdin (read only once).
// RUN: rm -rf %t && mkdir -p %t && python3 -c "print('module attributes {a = ' + '['*30000 + '1' + ']'*30000 + '} {}')" > %t/deep.mlir \
// RUN:   && ttxform %t/deep.mlir | FileCheck %s \
// RUN:   && cat %t/deep.mlir | ttxform | FileCheck %s \
// RUN:   && cat %t/deep.mlir | ttxform - -o %t/out.mlir && FileCheck %s < %t/out.mlir
// Up to 32 KiB stay on the main thread, whose stack limit is raised to 64 MiB:
// RUN: mkdir -p %t && python3 -c "print('module attributes {a = ' + '['*16000 + '1' + ']'*16000 + '} {}')" > %t/deep32k.mlir \
// RUN:   && ttxform %t/deep32k.mlir | FileCheck %s \
// RUN:   && (ulimit -s 8192 && ttxform %t/deep32k.mlir | FileCheck %s) \
// RUN:   && cat %t/deep32k.mlir | ttxform | FileCheck %s
// CHECK: module attributes {a = {{\[\[\[\[\[\[\[\[}}
// CHECK-SAME: {{1\]\]\]\]\]\]\]\]}}
