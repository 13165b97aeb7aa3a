// EXPECT: 3:1: unterminated '{-#' file metadata
"t.op"() : () -> ()
{-#
  dialect_resources: {
