// EXPECT: 2:1: attribute 'sym_name' failed to satisfy constraint: string attribute
tt.func@l()attributes{sym_name}
