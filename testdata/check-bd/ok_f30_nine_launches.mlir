// check-bd:
// The compiler kit accepts it in under a second (mlir-air e972f29): 9 launches are no compile-time blow-up at the pin.
// F30 (model doc §5): a chain of 9 stitched launches (each adds the previous result to the next
// input). Resources are fine, but merged modules of 9+ launches compile for minutes to hours
// (air-opt-shim-dma-bds is super-linear in the launch count).

module {

  func.func @chain9(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>, %arg2: memref<1024xi32>, %arg3: memref<1024xi32>, %arg4: memref<1024xi32>, %arg5: memref<1024xi32>, %arg6: memref<1024xi32>, %arg7: memref<1024xi32>, %arg8: memref<1024xi32>, %arg9: memref<1024xi32>, %arg10: memref<1024xi32>) {
    air.launch () in () args(%k0_arg3=%arg0, %k0_arg4=%arg1, %k0_arg5=%arg2) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k0_seg  args(%k0_arg6=%k0_arg3, %k0_arg7=%k0_arg4, %k0_arg8=%k0_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k0_c1 = arith.constant 1 : index
        air.herd @k0_herd  tile (%k0_arg9, %k0_arg10) in (%k0_arg11=%k0_c1, %k0_arg12=%k0_c1) args(%k0_arg13=%k0_arg6, %k0_arg14=%k0_arg7, %k0_arg15=%k0_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k0_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k0_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k0_alloc[] [] [], %k0_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k0_alloc_0[] [] [], %k0_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k0_alloc, %k0_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k0_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k0_arg15[] [] [], %k0_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k0_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k0_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k1_arg3=%arg1, %k1_arg4=%arg2, %k1_arg5=%arg3) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k1_seg  args(%k1_arg6=%k1_arg3, %k1_arg7=%k1_arg4, %k1_arg8=%k1_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k1_c1 = arith.constant 1 : index
        air.herd @k1_herd  tile (%k1_arg9, %k1_arg10) in (%k1_arg11=%k1_c1, %k1_arg12=%k1_c1) args(%k1_arg13=%k1_arg6, %k1_arg14=%k1_arg7, %k1_arg15=%k1_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k1_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k1_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k1_alloc[] [] [], %k1_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k1_alloc_0[] [] [], %k1_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k1_alloc, %k1_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k1_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k1_arg15[] [] [], %k1_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k1_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k1_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k2_arg3=%arg2, %k2_arg4=%arg3, %k2_arg5=%arg4) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k2_seg  args(%k2_arg6=%k2_arg3, %k2_arg7=%k2_arg4, %k2_arg8=%k2_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k2_c1 = arith.constant 1 : index
        air.herd @k2_herd  tile (%k2_arg9, %k2_arg10) in (%k2_arg11=%k2_c1, %k2_arg12=%k2_c1) args(%k2_arg13=%k2_arg6, %k2_arg14=%k2_arg7, %k2_arg15=%k2_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k2_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k2_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k2_alloc[] [] [], %k2_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k2_alloc_0[] [] [], %k2_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k2_alloc, %k2_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k2_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k2_arg15[] [] [], %k2_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k2_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k2_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k3_arg3=%arg3, %k3_arg4=%arg4, %k3_arg5=%arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k3_seg  args(%k3_arg6=%k3_arg3, %k3_arg7=%k3_arg4, %k3_arg8=%k3_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k3_c1 = arith.constant 1 : index
        air.herd @k3_herd  tile (%k3_arg9, %k3_arg10) in (%k3_arg11=%k3_c1, %k3_arg12=%k3_c1) args(%k3_arg13=%k3_arg6, %k3_arg14=%k3_arg7, %k3_arg15=%k3_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k3_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k3_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k3_alloc[] [] [], %k3_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k3_alloc_0[] [] [], %k3_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k3_alloc, %k3_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k3_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k3_arg15[] [] [], %k3_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k3_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k3_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k4_arg3=%arg4, %k4_arg4=%arg5, %k4_arg5=%arg6) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k4_seg  args(%k4_arg6=%k4_arg3, %k4_arg7=%k4_arg4, %k4_arg8=%k4_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k4_c1 = arith.constant 1 : index
        air.herd @k4_herd  tile (%k4_arg9, %k4_arg10) in (%k4_arg11=%k4_c1, %k4_arg12=%k4_c1) args(%k4_arg13=%k4_arg6, %k4_arg14=%k4_arg7, %k4_arg15=%k4_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k4_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k4_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k4_alloc[] [] [], %k4_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k4_alloc_0[] [] [], %k4_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k4_alloc, %k4_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k4_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k4_arg15[] [] [], %k4_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k4_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k4_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k5_arg3=%arg5, %k5_arg4=%arg6, %k5_arg5=%arg7) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k5_seg  args(%k5_arg6=%k5_arg3, %k5_arg7=%k5_arg4, %k5_arg8=%k5_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k5_c1 = arith.constant 1 : index
        air.herd @k5_herd  tile (%k5_arg9, %k5_arg10) in (%k5_arg11=%k5_c1, %k5_arg12=%k5_c1) args(%k5_arg13=%k5_arg6, %k5_arg14=%k5_arg7, %k5_arg15=%k5_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k5_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k5_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k5_alloc[] [] [], %k5_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k5_alloc_0[] [] [], %k5_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k5_alloc, %k5_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k5_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k5_arg15[] [] [], %k5_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k5_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k5_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k6_arg3=%arg6, %k6_arg4=%arg7, %k6_arg5=%arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k6_seg  args(%k6_arg6=%k6_arg3, %k6_arg7=%k6_arg4, %k6_arg8=%k6_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k6_c1 = arith.constant 1 : index
        air.herd @k6_herd  tile (%k6_arg9, %k6_arg10) in (%k6_arg11=%k6_c1, %k6_arg12=%k6_c1) args(%k6_arg13=%k6_arg6, %k6_arg14=%k6_arg7, %k6_arg15=%k6_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k6_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k6_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k6_alloc[] [] [], %k6_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k6_alloc_0[] [] [], %k6_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k6_alloc, %k6_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k6_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k6_arg15[] [] [], %k6_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k6_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k6_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k7_arg3=%arg7, %k7_arg4=%arg8, %k7_arg5=%arg9) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k7_seg  args(%k7_arg6=%k7_arg3, %k7_arg7=%k7_arg4, %k7_arg8=%k7_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k7_c1 = arith.constant 1 : index
        air.herd @k7_herd  tile (%k7_arg9, %k7_arg10) in (%k7_arg11=%k7_c1, %k7_arg12=%k7_c1) args(%k7_arg13=%k7_arg6, %k7_arg14=%k7_arg7, %k7_arg15=%k7_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k7_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k7_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k7_alloc[] [] [], %k7_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k7_alloc_0[] [] [], %k7_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k7_alloc, %k7_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k7_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k7_arg15[] [] [], %k7_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k7_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k7_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%k8_arg3=%arg8, %k8_arg4=%arg9, %k8_arg5=%arg10) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
      air.segment @k8_seg  args(%k8_arg6=%k8_arg3, %k8_arg7=%k8_arg4, %k8_arg8=%k8_arg5) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
        %k8_c1 = arith.constant 1 : index
        air.herd @k8_herd  tile (%k8_arg9, %k8_arg10) in (%k8_arg11=%k8_c1, %k8_arg12=%k8_c1) args(%k8_arg13=%k8_arg6, %k8_arg14=%k8_arg7, %k8_arg15=%k8_arg8) : memref<1024xi32>, memref<1024xi32>, memref<1024xi32> {
          %k8_alloc = memref.alloc() : memref<1024xi32, 2 : i32>
          %k8_alloc_0 = memref.alloc() : memref<1024xi32, 2 : i32>
          air.dma_memcpy_nd (%k8_alloc[] [] [], %k8_arg13[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          air.dma_memcpy_nd (%k8_alloc_0[] [] [], %k8_arg14[] [] []) : (memref<1024xi32, 2 : i32>, memref<1024xi32>)
          linalg.add ins(%k8_alloc, %k8_alloc_0 : memref<1024xi32, 2 : i32>, memref<1024xi32, 2 : i32>) outs(%k8_alloc : memref<1024xi32, 2 : i32>)
          air.dma_memcpy_nd (%k8_arg15[] [] [], %k8_alloc[] [] []) : (memref<1024xi32>, memref<1024xi32, 2 : i32>)
          memref.dealloc %k8_alloc : memref<1024xi32, 2 : i32>
          memref.dealloc %k8_alloc_0 : memref<1024xi32, 2 : i32>
        }
      }
    }
    return
  }
}
