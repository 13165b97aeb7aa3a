// EXPECT: 2:1: operation defines 2 results but was provided 1 to bind
%0 = "t.def"() : () -> (i32, i32)
