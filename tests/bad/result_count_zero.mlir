// EXPECT: 2:1: expected integer number of results
%a:0 = "t.x"() : () -> ()
