// An op this tool does not know keeps `attributes {}` as written (the empty
// dictionary), and the text reads back to the same.
// RUN: ttxform --allow-unregistered-dialect %s --allow-unregistered-dialect | ttxform --allow-unregistered-dialect | FileCheck %s

// CHECK:      foo.op attributes {} {
// CHECK-NEXT:   foo.y
foo.op attributes {} {
  foo.y
}
