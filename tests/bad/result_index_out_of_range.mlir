// EXPECT: 3:9: result number 3 of '%0' is out of range
%0:2 = "t.def"() : () -> (i32, i32)
"t.use"(%0#3) : (i32) -> ()
