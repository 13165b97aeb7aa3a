// EXPECT: 4:11: use of value '%v' expects different type than prior uses: 'f32' vs 'i32'
"t.region"() ({
  "t.use"(%v) : (i32) -> ()
  "t.use"(%v) : (f32) -> ()
  %v = "t.def"() : () -> i32
  "t.yield"() : () -> ()
}) : () -> ()
