// EXPECT: 2:32: expected an element type
%0 = "t.op"() : () -> tensor<4x>
