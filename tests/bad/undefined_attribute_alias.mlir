// EXPECT: 2:15: undefined symbol alias id 'nope'
"t.op"() {a = #nope} : () -> ()
