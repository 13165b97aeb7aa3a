// EXPECT: 3:35: expected one of [none, ca, cg, wb, cs, wt, cv] for cacheModifier
tt.func @f(%p: !tt.ptr<f32>) {
  %0 = tt.load %p cacheModifier = 3 : !tt.ptr<f32>
  tt.return
}
