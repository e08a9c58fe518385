func.func @exec(%n: index) {
  %t0 = air.wait_all async
  %tok, %buf = air.execute [%t0] -> (memref<64x64xi32>) {
    %alloc = memref.alloc() : memref<64x64xi32>
    air.execute_terminator %alloc : memref<64x64xi32>
  } {id = 1 : i32}
  %t2 = air.execute [%tok, %t0] {
    memref.dealloc %buf : memref<64x64xi32>
  }
  %async_token, %results:2 = air.execute -> (index, index) {
    air.execute_terminator %n, %n : index, index
  }
  air.wait_all [%t2, %async_token] {id = 9 : i32}
  return
}
