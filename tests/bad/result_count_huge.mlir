// EXPECT: 2:1: too many results (at most 65536)
%a:1000000 = "t.x"() : () -> ()
