// EXPECT: 2:23: integer bitwidth is limited to 16777215 bits
%0 = "t.op"() : () -> i16777216
