// EXPECT: 2:30: dimension size out of range
%0 = "t.op"() : () -> tensor<99999999999999999999xi32>
