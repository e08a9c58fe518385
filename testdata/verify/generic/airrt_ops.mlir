// Every op of AIR's runtime dialect (AIRRtOps.td at mlir-air e972f29) in custom form: air-opt
// registers `airrt`, upstream MLIR does not, so `print --generic` rewrites them as it does AIR's
// ops (inherent `sym_name`, `operandSegmentSizes` and `static_*` arrays of dma_memcpy_nd, the
// implicit metadata terminators).
module {
  airrt.module_metadata {
    airrt.segment_metadata attributes {sym_name = "segment_0", note = "kept"} {
      airrt.herd_metadata {sym_name = "herd_0", dma_allocations = []}
    }
  }
  func.func @host(%buf: memref<64xi32>, %l2: memref<32xi32, 1>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c16 = arith.constant 16 : i64
    %id = arith.constant 2 : i32
    %p, %pe = airrt.segment_load "segment_0" : i64, !airrt.event
    %h = airrt.herd_load "herd_0" (%c1, %c16) : (i64, i64) -> i64
    %e0 = airrt.dma_memcpy_nd(%id, %c0, %c1, %buf[%c0, 0, 0, %c16], [1, 1, 1, %c16], [0, 0, 0, 1]) {note = "kept"} : (i32, i64, i64, memref<64xi32>) : !airrt.event
    airrt.memcpy_nd(%l2, %buf, [%c0, %c0, %c0, %c0], [%c1, %c1, %c1, %c16], [%c0, %c0, %c0, %c1]) : (memref<32xi32, 1>, memref<64xi32>, [i64, i64, i64, i64], [i64, i64, i64, i64], [i64, i64, i64, i64])
    %m = airrt.alloc : memref<16xi32, 1>
    airrt.dealloc %m : memref<16xi32, 1>
    %e1 = airrt.wait_all %e0, %pe : !airrt.event
    airrt.wait_all %e1
    return
  }
}
