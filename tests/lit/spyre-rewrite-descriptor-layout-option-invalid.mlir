// rewrite-descriptor-layout: data-layout is device or host; anything else
// is an error at the module, before anything is rewritten.
// RUN: ttxform %s --rewrite-descriptor-layout=data-layout=sideways --verify-diagnostics

// expected-error @below {{rewrite-descriptor-layout: data-layout must be 'device' or 'host', got 'sideways'}}
module {
tt.func @any(%p: !tt.ptr<f32>) {
  tt.return
}
}
