// check-bd:
// One channel symbol in two launches, each launch holding its own put and get: the compiler
// kit accepts it (140 words), so check-bd says nothing (AS0423 is about data crossing launches).
module {
  air.channel @c [1, 1]
  func.func @two(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
    air.launch () in () args(%a=%arg0) : memref<1024xi32> {
      air.channel.put @c[] (%a[] [] []) : (memref<1024xi32>)
      air.segment @s1 {
        %c1 = arith.constant 1 : index
        air.herd @h1 tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.channel.get @c[] (%buf[] [] []) : (memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
      }
    }
    air.launch () in () args(%b=%arg1) : memref<1024xi32> {
      air.channel.put @c[] (%b[] [] []) : (memref<1024xi32>)
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
