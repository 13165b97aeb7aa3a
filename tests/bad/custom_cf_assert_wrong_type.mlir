// EXPECT: 3:13: use of value '%c' expects different type than prior uses: 'i1' vs 'i32'
tt.func @f(%c: i32) {
  cf.assert %c, "message"
  tt.return
}
