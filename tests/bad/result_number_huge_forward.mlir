// EXPECT: 2:7: result number of '%b' is out of range (at most 65535)
"t.y"(%b#99999999) : (i32) -> ()
%b = "t.x"() : () -> i32
