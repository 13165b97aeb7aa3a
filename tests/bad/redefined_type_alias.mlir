// EXPECT: 3:1: redefinition of type alias
!t = i32
!t = f32
%0 = "t.op"() : () -> !t
