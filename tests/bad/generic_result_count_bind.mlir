// EXPECT: 2:1: operation defines 1 results but was provided 2 to bind
%0:2 = "t.def"() : () -> i32
