func.func @f() {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %t0 = air.wait_all async
  %t1 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %t0) -> (!air.async.token) {
    %h = air.herd @herd_0 async [%arg1]  tile (%x, %y) in (%sx=%c1, %sy=%c1) 
    %w = air.wait_all async [%h] 
    scf.yield %w : !air.async.token
  }
  air.launch @mylaunch () in () 
  return
}
