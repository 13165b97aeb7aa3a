// An op this tool does not know keeps `attributes {}` as written (the empty
// dictionary), and the text reads back to the same.
// RUN: ttxform %s --allow-unregistered-dialect | ttxform | FileCheck %s

// CHECK:      foo.op attributes {} {
// CHECK-NEXT:   foo.y
foo.op attributes {} {
  foo.y
}
