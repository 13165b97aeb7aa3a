// EXPECT: 2:21: unbalanced '(' in location
"t.op"() : () -> () loc("f.py":1:2
