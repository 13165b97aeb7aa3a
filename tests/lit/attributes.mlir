// Attribute parsing and printing: every section is printed the way mlir-opt
// prints it, directly, after a round trip, and after a trip through the
// generic form.
//
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --mlir-print-op-generic | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s --strict-whitespace --check-prefix=WS

// Integers: typed values keep their type, i1 values print as true/false,
// signless values print signed, hex literals print in decimal.
"foo.ints"() {a = 1 : i32, b = -5 : i8, c = 255 : ui8, d = -3 : si16, e = 5 : index, f = 0 : i64, g = 9223372036854775807 : i64, h = -9223372036854775808 : i64, i = 18446744073709551615 : ui64, j = 0x10 : i32, k = 255 : i8, l = 0 : i17} : () -> ()
"foo.bools"() {a = true, b = false, c = 1 : i1, d = 0 : i1} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "foo.ints"() {a = 1 : i32, b = -5 : i8, c = 255 : ui8, d = -3 : si16, e = 5 : index, f = 0 : i64, g = 9223372036854775807 : i64, h = -9223372036854775808 : i64, i = 18446744073709551615 : ui64, j = 16 : i32, k = -1 : i8, l = 0 : i17} : () -> ()
// CHECK-NEXT:   "foo.bools"() {a = true, b = false, c = true, d = false} : () -> ()
// CHECK-NEXT: }

// -----

// An integer without a type is an i64; inside a dictionary the type is printed.
"foo.untyped_int"() {x = 7, y = -1, d = {k = 2, j = 3}} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.untyped_int"() {d = {j = 3 : i64, k = 2 : i64}, x = 7 : i64, y = -1 : i64} : () -> ()
// CHECK-NEXT: }

// -----

// Floats print with %e-style precision when that round-trips, in full
// precision otherwise, and as hex when not finite.
"foo.floats"() {a = 1.0 : f32, b = 0.1 : f32, c = 3.14159274 : f32, d = -2.5 : f32, e = 1.0e10 : f32, f = -0.0 : f64, g = 0.1 : f64, h = 3.141592653589793 : f64, i = 100.0 : f32, j = 1.0e+100 : f64} : () -> ()
"foo.special"() {inf = 0x7F800000 : f32, ninf = 0xFF800000 : f32, nan = 0x7FC00000 : f32, nan64 = 0x7FF8000000000000 : f64, one = 0x3F800000 : f32, big = 123456789.0 : f32} : () -> ()
"foo.half"() {a = 1.5 : f16, b = 2.5 : bf16, c = 6.550400e+04 : f16, d = 0x7C00 : f16, e = 1.0 : f8E5M2} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.floats"() {a = 1.000000e+00 : f32, b = 1.000000e-01 : f32, c = 3.14159274 : f32, d = -2.500000e+00 : f32, e = 1.000000e+10 : f32, f = -0.000000e+00 : f64, g = 1.000000e-01 : f64, h = 3.1415926535897931 : f64, i = 1.000000e+02 : f32, j = 1.000000e+100 : f64} : () -> ()
// CHECK-NEXT:   "foo.special"() {big = 0x4CEB79A3 : f32, inf = 0x7F800000 : f32, nan = 0x7FC00000 : f32, nan64 = 0x7FF8000000000000 : f64, ninf = 0xFF800000 : f32, one = 1.000000e+00 : f32} : () -> ()
// CHECK-NEXT:   "foo.half"() {a = 1.500000e+00 : f16, b = 2.500000e+00 : bf16, c = 6.550400e+04 : f16, d = 0x7C00 : f16, e = 1.000000e+00 : f8E5M2} : () -> ()
// CHECK-NEXT: }

// -----

// Values that are not exact in the type: six significant digits when they
// read back to the same value.
"foo.half_inexact"() {a = 0.1 : f16, b = 0.1 : bf16, c = 2.0e-3 : f16} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.half_inexact"() {a = 9.997550e-02 : f16, b = 1.000980e-01 : bf16, c = 2.000810e-03 : f16} : () -> ()
// CHECK-NEXT: }

// -----

// ... and the shortest exact form otherwise.
"foo.f32_inexact"() {a = 1.0e-05 : f32, b = 1.0e+38 : f32} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.f32_inexact"() {a = 9.99999974E-6 : f32, b = 9.99999968E+37 : f32} : () -> ()
// CHECK-NEXT: }

// -----

// A float without a type is an f64; inside a dictionary the type is printed.
"foo.untyped_float"() {x = 1.0, y = 0.5} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.untyped_float"() {x = 1.000000e+00 : f64, y = 5.000000e-01 : f64} : () -> ()
// CHECK-NEXT: }

// -----

// Strings: '"' and bytes that are not printable are written as \XX, a
// backslash as \\.
"foo.strings"() {empty = "", plain = "hello world", quote = "say \"hi\"", backslash = "a\\b", tab = "a\tb", newline = "line\n", hex = "\41\42", nul = "\00", del = "\7F", utf8 = "caf\C3\A9", punct = "~!#$%^&*()"} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.strings"() {backslash = "a\\b", del = "\7F", empty = "", hex = "AB", newline = "line\0A", nul = "\00", plain = "hello world", punct = "~!#$%^&*()", quote = "say \22hi\22", tab = "a\09b", utf8 = "caf\C3\A9"} : () -> ()
// CHECK-NEXT: }

// -----

// Dense elements: splats collapse, nested lists keep their shape, hex input
// is decoded.
"foo.dense"() {splat_f = dense<1.0> : tensor<4xf32>, splat_i = dense<-1> : tensor<2x3xi8>, list = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, same = dense<[7, 7, 7]> : tensor<3xi32>, deep = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, scalar = dense<5> : tensor<i32>, floats = dense<[0.1, 2.0]> : tensor<2xf32>, bools = dense<[true, false, true]> : tensor<3xi1>, all_true = dense<[true, true]> : tensor<2xi1>, vec = dense<[1, 2]> : vector<2xindex>, wrap = dense<255> : tensor<2xi8>, nan = dense<0x7FC00000> : tensor<2xf32>} : () -> ()
"foo.dense_hex"() {i32 = dense<"0x0100000002000000"> : tensor<2xi32>, splat = dense<"0x01000000"> : tensor<4xi32>, mat = dense<"0x00000000010000000200000003000000"> : tensor<2x2xi32>, f32 = dense<"0x0000803F00000040"> : tensor<2xf32>, f16 = dense<"0x003C0040"> : tensor<2xf16>, i8 = dense<"0xFFFF"> : tensor<2xi8>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dense"() {all_true = dense<true> : tensor<2xi1>, bools = dense<[true, false, true]> : tensor<3xi1>, deep = dense<{{\[\[}}[1]], {{\[\[}}2]]]> : tensor<2x1x1xi8>, floats = dense<[1.000000e-01, 2.000000e+00]> : tensor<2xf32>, list = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, nan = dense<0x7FC00000> : tensor<2xf32>, same = dense<7> : tensor<3xi32>, scalar = dense<5> : tensor<i32>, splat_f = dense<1.000000e+00> : tensor<4xf32>, splat_i = dense<-1> : tensor<2x3xi8>, vec = dense<[1, 2]> : vector<2xindex>, wrap = dense<-1> : tensor<2xi8>} : () -> ()
// CHECK-NEXT:   "foo.dense_hex"() {f16 = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf16>, f32 = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, i32 = dense<[1, 2]> : tensor<2xi32>, i8 = dense<-1> : tensor<2xi8>, mat = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi32>, splat = dense<1> : tensor<4xi32>} : () -> ()
// CHECK-NEXT: }

// -----

// Hex data for i1 elements is bit-packed, least significant bit first; one
// all-zero byte is the false splat.
"foo.dense_hex_i1"() {first = dense<"0x01"> : tensor<4xi1>, zeros = dense<"0x00"> : tensor<8xi1>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dense_hex_i1"() {first = dense<[true, false, false, false]> : tensor<4xi1>, zeros = dense<false> : tensor<8xi1>} : () -> ()
// CHECK-NEXT: }

// -----

// Up to 100 elements print as a list, more as hex.
"foo.dense_large"() {small = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>, large = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi32>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dense_large"() {large = dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000190000001A0000001B0000001C0000001D0000001E0000001F000000200000002100000022000000230000002400000025000000260000002700000028000000290000002A0000002B0000002C0000002D0000002E0000002F000000300000003100000032000000330000003400000035000000360000003700000038000000390000003A0000003B0000003C0000003D0000003E0000003F000000400000004100000042000000430000004400000045000000460000004700000048000000490000004A0000004B0000004C0000004D0000004E0000004F000000500000005100000052000000530000005400000055000000560000005700000058000000590000005A0000005B0000005C0000005D0000005E0000005F0000006000000061000000620000006300000064000000"> : tensor<101xi32>, small = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>} : () -> ()
// CHECK-NEXT: }

// -----

// Dense arrays and attribute arrays: i64 and f64 types are elided in arrays.
"foo.arrays"() {i32 = array<i32: 1, 2, 3>, empty = array<i32>, i64 = array<i64: -1>, f32 = array<f32: 1.0, 2.5>, i1 = array<i1: true, false>, i8 = array<i8: 255>, f64 = array<f64: 0.1>, i16 = array<i16: -32768, 32767>} : () -> ()
"foo.lists"() {ints = [1, 2], typed = [1 : i64, 2 : i32], empty = [], nested = [[1], [2.0]], floats = [1.0 : f64, 2.0 : f32, 0.1], bools = [true, false], mixed = [unit, "s", @sym, i32, {k = 1 : i32}]} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.arrays"() {empty = array<i32>, f32 = array<f32: 1.000000e+00, 2.500000e+00>, f64 = array<f64: 1.000000e-01>, i1 = array<i1: true, false>, i16 = array<i16: -32768, 32767>, i32 = array<i32: 1, 2, 3>, i64 = array<i64: -1>, i8 = array<i8: -1>} : () -> ()
// CHECK-NEXT:   "foo.lists"() {bools = [true, false], empty = [], floats = [1.000000e+00, 2.000000e+00 : f32, 1.000000e-01], ints = [1, 2], mixed = [unit, "s", @sym, i32, {k = 1 : i32}], nested = {{\[\[}}1], [2.000000e+00]], typed = [1, 2 : i32]} : () -> ()
// CHECK-NEXT: }

// -----

// Dictionaries are sorted by key; unit attributes print as the bare key;
// i64 types are kept.
"foo.dict"() {z = 1 : i32, b = unit, a = 2 : i32, "c d" = "q", A = 0 : i64, _x = @s, a1 = [], u} : () -> ()
"foo.nested_dict"() {outer = {y = unit, x = {b = true, a = false}}, empty = {}} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dict"() {A = 0 : i64, _x = @s, a = 2 : i32, a1 = [], b, "c d" = "q", u, z = 1 : i32} : () -> ()
// CHECK-NEXT:   "foo.nested_dict"() {empty = {}, outer = {x = {a = false, b = true}, y}} : () -> ()
// CHECK-NEXT: }

// -----

// Symbol references, nested and quoted.
"foo.symbols"() {a = @foo, b = @a::@b, c = @"a b", d = @"a b"::@c, e = @a::@"x y", f = @a::@b::@c, g = @"q\"s", h = @_a.b$c} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.symbols"() {a = @foo, b = @a::@b, c = @"a b", d = @"a b"::@c, e = @a::@"x y", f = @a::@b::@c, g = @"q\22s", h = @_a.b$c} : () -> ()
// CHECK-NEXT: }

// -----

// An affine map alias is printed at the top and used by name.
#map = affine_map<(d0, d1) -> (d0 + d1 * 4)>
"foo.map_alias"() {m = #map, n = #map} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0 + d1 * 4)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.map_alias"() {m = #map, n = #map} : () -> ()
// CHECK-NEXT: }

// -----

// Affine maps are simplified and given #mapN aliases in order of first use.
"foo.maps"() {a = affine_map<(d0) -> (d0 - 1)>, b = affine_map<(d0) -> (-d0 + 127)>, c = affine_map<(d0, d1) -> (d0 floordiv 4, d1 mod 8, d0 ceildiv 2)>, d = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>, e = affine_map<() -> (0)>, f = affine_map<(i, j) -> (j, i)>, g = affine_map<(d0) -> (4 * d0 + 2 + 3)>, h = affine_map<(d0) -> (d0 * -1)>, i = affine_map<(d0) -> ((d0 + 1) floordiv 2)>, j = affine_map<()[s0] -> (s0)>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 - 1)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (-d0 + 127)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d0 floordiv 4, d1 mod 8, d0 ceildiv 2)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1)>
// CHECK-NEXT: #map4 = affine_map<() -> (0)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 * 4 + 5)>
// CHECK-NEXT: #map7 = affine_map<(d0) -> (-d0)>
// CHECK-NEXT: #map8 = affine_map<(d0) -> ((d0 + 1) floordiv 2)>
// CHECK-NEXT: #map9 = affine_map<()[s0] -> (s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.maps"() {a = #map, b = #map1, c = #map2, d = #map3, e = #map4, f = #map5, g = #map6, h = #map7, i = #map8, j = #map9} : () -> ()
// CHECK-NEXT: }

// -----

// Alias names are chosen by the printer; unused aliases are dropped.
#layout = affine_map<(d0) -> (d0 + 2)>
#unused = affine_map<(d0) -> (d0 + 3)>
"foo.map_names"() {b = affine_map<(d0) -> (d0 * 8)>, a = #layout} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 8)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.map_names"() {a = #map, b = #map1} : () -> ()
// CHECK-NEXT: }

// -----

// A type alias defined after an attribute alias does not change how the
// attribute alias is used.
#map = affine_map<(d0) -> (d0 + 2)>
!t = i32
"foo.after_type_alias"() {a = #map, b = #map} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK:      module {
// CHECK-NEXT:   "foo.after_type_alias"() {a = #map, b = #map} : () -> ()
// CHECK-NEXT: }

// -----

// Integer sets.
#set = affine_set<(d0)[s0] : (d0 - 3 >= 0, -d0 + s0 >= 0, d0 == 0)>
"foo.set_alias"() {s = #set} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - 3 >= 0, -d0 + s0 >= 0, d0 == 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.set_alias"() {s = #set} : () -> ()
// CHECK-NEXT: }

// -----

// Constraints are normalised to `expr >= 0` and `expr == 0`.
"foo.sets"() {a = affine_set<(d0) : (d0 >= 3, d0 <= 127)>, b = affine_set<(d0, d1) : (d0 == d1)>, c = affine_set<(d0)[s0] : (d0 * 2 - s0 >= 0)>, d = affine_set<() : (0 == 0)>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #set = affine_set<(d0) : (d0 - 3 >= 0, -d0 + 127 >= 0)>
// CHECK-NEXT: #set1 = affine_set<(d0, d1) : (d0 - d1 == 0)>
// CHECK-NEXT: #set2 = affine_set<(d0)[s0] : (d0 * 2 - s0 >= 0)>
// CHECK-NEXT: #set3 = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.sets"() {a = #set, b = #set1, c = #set2, d = #set3} : () -> ()
// CHECK-NEXT: }

// -----

// Attributes of unknown dialects are kept.
"foo.opaque"() {blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, bare = #foo.bar, params = #foo.bar<1, [2, 3]>, nested = #foo.outer<#foo.inner<"x">>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.opaque"() {bare = #foo.bar, blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, nested = #foo.outer<#foo.inner<"x">>, params = #foo.bar<1, [2, 3]>} : () -> ()
// CHECK-NEXT: }

// -----

// ... byte for byte (checked with --strict-whitespace).
"foo.opaque_spacing"() {a = #foo.bar<1,  [2,3]>} : () -> ()
// WS: {{^}}  "foo.opaque_spacing"() {a = #foo.bar<1,  [2,3]>} : () -> (){{$}}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.opaque_spacing"() {a = #foo.bar<1,  [2,3]>} : () -> ()
// CHECK-NEXT: }

// -----

// Types as attributes.
"foo.types_as_attrs"() {a = i32, b = tensor<4xf32>, c = !tt.ptr<f16>, d = (i32) -> f32} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.types_as_attrs"() {a = i32, b = tensor<4xf32>, c = !tt.ptr<f16>, d = (i32) -> f32} : () -> ()
// CHECK-NEXT: }
