// check-bd: --device npu2
// Issue 32: three host inputs every core of a 1×2 herd reads alike: broadcast channels over a
// span of one column weigh ceil(3 / 1) = 3 > 2, so they become packet flows; the kit lowers it.
// Twin: f_host_inputs_broadcast_2x1.
module {
  func.func @k(%arg0: memref<1024xbf16>, %arg1: memref<1024xbf16>, %arg2: memref<1024xbf16>, %arg3: memref<2048xbf16>) {
    air.launch () in () args(%l0=%arg0, %l1=%arg1, %l2=%arg2, %l3=%arg3) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16>, memref<2048xbf16> {
      air.segment @seg args(%s0=%l0, %s1=%l1, %s2=%l2, %s3=%l3) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16>, memref<2048xbf16> {
        %cx = arith.constant 1 : index
        %cy = arith.constant 2 : index
        air.herd @herd tile (%tx, %ty) in (%sx=%cx, %sy=%cy) args(%h0=%s0, %h1=%s1, %h2=%s2, %h3=%s3) : memref<1024xbf16>, memref<1024xbf16>, memref<1024xbf16>, memref<2048xbf16> {
          %c1024 = arith.constant 1024 : index
          %c1 = arith.constant 1 : index
          %off = arith.muli %ty, %c1024 : index
          %b0 = memref.alloc() : memref<1024xbf16, 2>
          %b1 = memref.alloc() : memref<1024xbf16, 2>
          %b2 = memref.alloc() : memref<1024xbf16, 2>
          %b3 = memref.alloc() : memref<1024xbf16, 2>
          air.dma_memcpy_nd (%b0[] [] [], %h0[] [] []) : (memref<1024xbf16, 2>, memref<1024xbf16>)
          air.dma_memcpy_nd (%b1[] [] [], %h1[] [] []) : (memref<1024xbf16, 2>, memref<1024xbf16>)
          air.dma_memcpy_nd (%b2[] [] [], %h2[] [] []) : (memref<1024xbf16, 2>, memref<1024xbf16>)
          air.dma_memcpy_nd (%h3[%off] [%c1024] [%c1], %b3[] [] []) : (memref<2048xbf16>, memref<1024xbf16, 2>)
          memref.dealloc %b0 : memref<1024xbf16, 2>
          memref.dealloc %b1 : memref<1024xbf16, 2>
          memref.dealloc %b2 : memref<1024xbf16, 2>
          memref.dealloc %b3 : memref<1024xbf16, 2>
        }
      }
    }
    return
  }
}
