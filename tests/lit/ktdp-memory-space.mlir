// --ktdp-memory-space chooses the spelling of ktdp memory spaces.
// RUN: ttxform --allow-unregistered-dialect %s --ktdp-memory-space=generic | FileCheck %s --check-prefix=GEN
// RUN: ttxform --allow-unregistered-dialect %s --ktdp-memory-space=generic | ttxform --allow-unregistered-dialect --ktdp-memory-space=spyre | FileCheck %s --check-prefix=SPY
// RUN: ttxform --allow-unregistered-dialect %s | FileCheck %s --check-prefix=ASIS
// RUN: not ttxform --allow-unregistered-dialect %s --ktdp-memory-space=hbm 2>&1 | FileCheck %s --check-prefix=BAD

"t.views"() {a = #ktdp.spyre_memory_space<HBM>, b = #ktdp.spyre_memory_space<LX, core = 7>, c = #ktdp.spyre_memory_space<LX>, d = #ktdp.spyre_memory_space<L0>} : () -> ()

// GEN: "t.views"() {a = #ktdp.memory_space<global>, b = #ktdp.memory_space<ct_local, ct_id = 7>, c = #ktdp.memory_space<ct_local>, d = #ktdp.spyre_memory_space<L0>} : () -> ()
// SPY: "t.views"() {a = #ktdp.spyre_memory_space<HBM>, b = #ktdp.spyre_memory_space<LX, core = 7>, c = #ktdp.spyre_memory_space<LX>, d = #ktdp.spyre_memory_space<L0>} : () -> ()
// ASIS: "t.views"() {a = #ktdp.spyre_memory_space<HBM>, b = #ktdp.spyre_memory_space<LX, core = 7>, c = #ktdp.spyre_memory_space<LX>, d = #ktdp.spyre_memory_space<L0>} : () -> ()
// BAD: invalid value in '--ktdp-memory-space=hbm' (expected spyre or generic)
