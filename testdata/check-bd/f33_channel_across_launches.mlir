// check-bd:
// expect: error AS0423 line 25
// expect: error AS0423 line 30
// F33 (model doc §5): a channel put in one launch and got in another. Each launch's segment
// becomes its own aie.device, so the half without its counterpart has no tile: air-to-aie fails
// with `'air.channel.put' op failed to get S2MM tile for L3 allocation.` (the compiler kit:
// rejected). Its twin ok_channel_symbol_in_two_launches uses one symbol in both launches, each
// with its own put and get, which compiles.
module {
  air.channel @c [1, 1]
  air.channel @e [1, 1]
  func.func @two(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
    air.launch () in () args(%a=%arg0) : memref<1024xi32> {
      air.channel.put @c[] (%a[] [] []) : (memref<1024xi32>)
      air.segment @s1 {
        %c1 = arith.constant 1 : index
        air.herd @h1 tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.channel.get @e[] (%buf[] [] []) : (memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%b=%arg1) : memref<1024xi32> {
      air.channel.put @e[] (%b[] [] []) : (memref<1024xi32>)
      air.segment @s2 {
        %c1 = arith.constant 1 : index
        air.herd @h2 tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.channel.get @c[] (%buf[] [] []) : (memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
      }
    }
    return
  }
}
