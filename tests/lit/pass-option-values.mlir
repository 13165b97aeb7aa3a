// A bad pass option value is a usage error at the option, before the input is
// read (not a diagnostic at `module {`), and only the values --help lists are
// taken: region-simplify=false and top-down=1 are not among them (mlir-opt 19
// refuses both too).
// RUN: not ttxform %s --canonicalize=region-simplify=maybe 2>&1 | FileCheck %s --check-prefix=MAYBE --implicit-check-not=module
// RUN: not ttxform %s --pass-pipeline='builtin.module(canonicalize{region-simplify=maybe})' 2>&1 | FileCheck %s --check-prefix=MAYBE --implicit-check-not=module
// RUN: not ttxform %s --canonicalize=region-simplify=false 2>&1 | FileCheck %s --check-prefix=FALSE --implicit-check-not=module
// RUN: not ttxform %s --canonicalize=top-down=1 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=module
// RUN: not ttxform %s --canonicalize=threads=-1 2>&1 | FileCheck %s --check-prefix=THREADS --implicit-check-not=module
// RUN: not ttxform %s --canonicalize='max-iterations=-2' 2>&1 | FileCheck %s --check-prefix=ITER --implicit-check-not=module
// RUN: ttxform %s --canonicalize=region-simplify=aggressive | FileCheck %s
// RUN: ttxform %s --canonicalize='top-down=false max-iterations=-1 threads=1' | FileCheck %s
// RUN: ttxform --help | FileCheck %s --check-prefix=HELP
// RUN: not ttxform %s --cse --verify-each=0 2>&1 | FileCheck %s --check-prefix=EACH --implicit-check-not=module
// RUN: ttxform %s --cse --verify-each=false | FileCheck %s

// MAYBE: ttxform: error: invalid value 'maybe' for option 'region-simplify' of pass 'canonicalize': expected one of disabled|normal|aggressive
// MAYBE-NEXT: Try 'ttxform --help'.
// FALSE: ttxform: error: invalid value 'false' for option 'region-simplify' of pass 'canonicalize': expected one of disabled|normal|aggressive
// ONE: ttxform: error: invalid value '1' for option 'top-down' of pass 'canonicalize': expected true or false
// THREADS: ttxform: error: invalid value '-1' for option 'threads' of pass 'canonicalize': expected an integer of at least 0
// ITER: ttxform: error: invalid value '-2' for option 'max-iterations' of pass 'canonicalize': expected an integer of at least -1

// EACH: ttxform: error: invalid value in '--verify-each=0': expected --verify-each=true or --verify-each=false
// HELP: --verify-each[=true|false]
// HELP: --canonicalize
// HELP-NEXT: top-down=true|false
// HELP-NEXT: region-simplify=disabled|normal|aggressive
// HELP-NEXT: max-iterations=<int -1..>
// HELP-NEXT: max-num-rewrites=<int -1..>
// HELP-NEXT: test-convergence=true|false
// HELP-NEXT: threads=<int 0..>
// HELP: grid=<int list 1..32>
// HELP: lmul=1|2|4|8

// CHECK: func.func @f
func.func @f(%x: i32) -> i32 {
  return %x : i32
}
