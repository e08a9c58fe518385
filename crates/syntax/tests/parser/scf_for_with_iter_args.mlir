func.func @loop(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %x = arith.index_cast %iv : index to i32
    %f = arith.sitofp %x : i32 to f32
    %next = arith.addf %acc, %f : f32
    scf.yield %next : f32
  }
  %u = scf.for unsigned %j = %lb to %ub step %step iter_args(%a = %sum, %b = %init) -> (f32, f32) {
    scf.yield %b, %a : f32, f32
  }
  return %sum : f32
}
