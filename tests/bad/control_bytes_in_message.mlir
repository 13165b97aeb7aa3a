// EXPECT: 3:3: unregistered operation 'arith.fo\x01o\x1b[31m' found in dialect ('arith')
module {
  "arith.foo[31m"() : () -> ()
}
