// The pass manager: pipelines given as flags or --pass-pipeline, options, the
// debugging aids, and every command-line error.
//
// RUN: ttxform %s --cse --canonicalize | FileCheck %s --check-prefix=PIPE
// RUN: ttxform %s --pass-pipeline='builtin.module(cse,canonicalize{max-iterations=3 top-down=false})' | FileCheck %s --check-prefix=PIPE
// RUN: ttxform %s --pass-pipeline='builtin.module(func.func(cse),canonicalize)' | FileCheck %s --check-prefix=PIPE
// RUN: ttxform %s '--canonicalize=max-iterations=2 top-down=false' --cse | FileCheck %s --check-prefix=PIPE
// RUN: ttxform %s --cse --print-ir-before-all --print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: rm -rf %t && ttxform %s --dump-dir=%t/stages --cse --canonicalize > /dev/null && ls %t/stages | FileCheck %s --check-prefix=FILES && FileCheck %s --check-prefix=STAGE0 < %t/stages/00-input.mlir && FileCheck %s --check-prefix=STAGE2 < %t/stages/02-canonicalize.mlir
// RUN: ttxform %s --cse --canonicalize --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: not ttxform %s --test-break-dominance 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: ttxform %s --test-break-dominance --verify-each=false | FileCheck %s --check-prefix=UNCHECKED
// RUN: not ttxform %s --no-such-pass 2>&1 | FileCheck %s --check-prefix=ERR-PASS
// RUN: not ttxform %s --canonicalize=no-such-option=1 2>&1 | FileCheck %s --check-prefix=ERR-OPT
// RUN: not ttxform %s --canonicalize=max-iterations=many 2>&1 | FileCheck %s --check-prefix=ERR-INT
// RUN: not ttxform %s --canonicalize=top-down=maybe 2>&1 | FileCheck %s --check-prefix=ERR-BOOL
// RUN: not ttxform %s --canonicalize=max-iterations 2>&1 | FileCheck %s --check-prefix=ERR-NOVAL
// RUN: not ttxform %s --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=ERR-PAREN
// RUN: not ttxform %s --pass-pipeline='builtin.module(cse,bogus)' 2>&1 | FileCheck %s --check-prefix=ERR-PASS2
// RUN: not ttxform %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1)' 2>&1 | FileCheck %s --check-prefix=ERR-BRACE
// RUN: not ttxform %s --dump-dir= 2>&1 | FileCheck %s --check-prefix=ERR-DIR
// RUN: not ttxform %s --canonicalize=top-down=true --dump-dir=/proc/nonexistent/x 2>&1 | FileCheck %s --check-prefix=ERR-MKDIR

func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.muli %a, %c2 : i32
  %1 = arith.muli %a, %c2 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// PIPE:      func.func @f(%arg0: i32) -> i32 {
// PIPE-NEXT:   %c2_i32 = arith.constant 2 : i32
// PIPE-NEXT:   %0 = arith.muli %arg0, %c2_i32 : i32
// PIPE-NEXT:   %1 = arith.addi %0, %0 : i32
// PIPE-NEXT:   return %1 : i32

// DUMP:      // -----// IR Dump Before cse //----- //
// DUMP:        %1 = arith.muli %arg0, %c2_i32 : i32
// DUMP:      // -----// IR Dump After cse //----- //
// DUMP-NOT:    %2 = arith.addi
// DUMP:        %1 = arith.addi %0, %0 : i32

// FILES:      00-input.mlir
// FILES-NEXT: 01-cse.mlir
// FILES-NEXT: 02-canonicalize.mlir
// STAGE0:     %2 = arith.addi %0, %1 : i32
// STAGE2:     %1 = arith.addi %0, %0 : i32

// TIMING:     Execution time report
// TIMING:     ----Wall Time----  ----Name----
// TIMING:     cse
// TIMING:     canonicalize
// TIMING:     Total

// BROKEN:     error: 'arith.muli' op operand #1 does not dominate this use
// BROKEN:     note: operand defined here
// BROKEN:     note: the IR was broken by pass 'test-break-dominance'

// UNCHECKED:  %0 = arith.muli %arg0, %c2_i32 : i32
// UNCHECKED:  %c2_i32 = arith.constant 2 : i32

// ERR-PASS:   ttxform: error: unknown option or pass '--no-such-pass'
// ERR-OPT:    ttxform: error: pass 'canonicalize' has no option 'no-such-option'
// ERR-INT:    invalid value 'many' for option 'max-iterations' of pass 'canonicalize': expected an integer
// ERR-BOOL:   invalid value 'maybe' for option 'top-down' of pass 'canonicalize': expected true or false
// ERR-NOVAL:  option 'max-iterations' of pass 'canonicalize' needs a value
// ERR-PAREN:  ttxform: error: malformed pass pipeline: 
// ERR-PASS2:  ttxform: error: unknown pass 'bogus'
// ERR-BRACE:  ttxform: error: malformed pass pipeline: missing '}'
// ERR-DIR:    ttxform: error: option '--dump-dir=' needs a directory
// ERR-MKDIR:  cannot create dump directory '/proc/nonexistent/x'
