// EXPECT: 2:6: expected operation name
%0 = : () -> i32
