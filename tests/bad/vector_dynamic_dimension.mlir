// EXPECT: 2:30: vector types must have positive constant sizes
%0 = "t.op"() : () -> vector<?xf32>
