// check-bd:
// expect: error AS0422 line 22
// F33 (model doc §5), within one launch: two segments with one symbol. aircc's
// air-insert-launch-around-herd names every segment of the module and rejects a symbol used twice,
// in one launch or not: `'air.segment' op unexpected duplicate symbol.` (mlir-air
// ConvertToAIRPass.cpp getSegmentNames; the compiler kit: rejected).
module {
  func.func @two_steps(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
    air.launch () in () args(%a=%arg0, %b=%arg1) : memref<1024xi32>, memref<1024xi32> {
      air.segment @seg  args(%sa=%a) : memref<1024xi32> {
        %c1 = arith.constant 1 : index
        air.herd @first  tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%ha=%sa) : memref<1024xi32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %ha[%c0] [%c1024] [%c1_h]) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%ha[%c0] [%c1024] [%c1_h], %buf[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
      }
      air.segment @seg  args(%sb=%b) : memref<1024xi32> {
        %c1 = arith.constant 1 : index
        air.herd @second  tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%hb=%sb) : memref<1024xi32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%buf[] [] [], %hb[%c0] [%c1024] [%c1_h]) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%hb[%c0] [%c1024] [%c1_h], %buf[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
      }
    }
    return
  }
}
