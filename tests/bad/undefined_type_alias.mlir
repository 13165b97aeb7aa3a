// EXPECT: 2:23: undefined symbol alias id 'nope'
%0 = "t.op"() : () -> !nope
