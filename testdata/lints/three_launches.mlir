// Three launches using half a row (4 of the 8 tiles a row-parallel launch targets): three
// utilisation notes (AS0425) and, on the last launch, an `air.shim_dma_tile_sizes` as an
// ArrayAttr, which air-opt-shim-dma-bds does not read: one shim-dma-tile-sizes warning (AS0434).
// The input of the lint-level tests (crates/cli/tests/lints.rs); valid AIR.
func.func @three(%arg0: memref<20971520xbf16>, %arg1: memref<20971520xbf16>, %arg2: memref<20971520xbf16>) {
  air.launch () in () args(%w0=%arg0) : memref<20971520xbf16> {
    air.segment @seg_0 args(%s0=%w0) : memref<20971520xbf16> {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      air.herd @herd_0 tile (%x, %y) in (%sx=%c4, %sy=%c1) args(%h=%s0) : memref<20971520xbf16> {
        %c0 = arith.constant 0 : index
        %one = arith.constant 1 : index
        %trips = arith.constant 1 : index
        %c64 = arith.constant 64 : index
        %buf = memref.alloc() : memref<64xbf16, 2 : i32>
        scf.for %i = %c0 to %trips step %one {
          %off = affine.apply affine_map<()[s0] -> (s0 * 4194304)>()[%i]
          air.dma_memcpy_nd (%buf[] [] [], %h[%off] [%c64] [%one]) : (memref<64xbf16, 2 : i32>, memref<20971520xbf16>)
        }
        memref.dealloc %buf : memref<64xbf16, 2 : i32>
      }
    }
  }
  air.launch () in () args(%w1=%arg1) : memref<20971520xbf16> {
    air.segment @seg_1 args(%s1=%w1) : memref<20971520xbf16> {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      air.herd @herd_1 tile (%x, %y) in (%sx=%c4, %sy=%c1) args(%h=%s1) : memref<20971520xbf16> {
        %c0 = arith.constant 0 : index
        %one = arith.constant 1 : index
        %trips = arith.constant 1 : index
        %c64 = arith.constant 64 : index
        %buf = memref.alloc() : memref<64xbf16, 2 : i32>
        scf.for %i = %c0 to %trips step %one {
          %off = affine.apply affine_map<()[s0] -> (s0 * 4194304)>()[%i]
          air.dma_memcpy_nd (%buf[] [] [], %h[%off] [%c64] [%one]) : (memref<64xbf16, 2 : i32>, memref<20971520xbf16>)
        }
        memref.dealloc %buf : memref<64xbf16, 2 : i32>
      }
    }
  }
  air.launch () in () args(%w2=%arg2) : memref<20971520xbf16> attributes {air.shim_dma_tile_sizes = [2, 2]} {
    air.segment @seg_2 args(%s2=%w2) : memref<20971520xbf16> {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      air.herd @herd_2 tile (%x, %y) in (%sx=%c4, %sy=%c1) args(%h=%s2) : memref<20971520xbf16> {
        %c0 = arith.constant 0 : index
        %one = arith.constant 1 : index
        %trips = arith.constant 5 : index
        %c64 = arith.constant 64 : index
        %buf = memref.alloc() : memref<64xbf16, 2 : i32>
        scf.for %i = %c0 to %trips step %one {
          %off = affine.apply affine_map<()[s0] -> (s0 * 4194304)>()[%i]
          air.dma_memcpy_nd (%buf[] [] [], %h[%off] [%c64] [%one]) : (memref<64xbf16, 2 : i32>, memref<20971520xbf16>)
        }
        memref.dealloc %buf : memref<64xbf16, 2 : i32>
      }
    }
  }
  return
}
