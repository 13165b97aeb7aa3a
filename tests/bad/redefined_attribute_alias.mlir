// EXPECT: 3:1: redefinition of attribute alias
#a = 1 : i32
#a = 2 : i32
"t.op"() {x = #a} : () -> ()
