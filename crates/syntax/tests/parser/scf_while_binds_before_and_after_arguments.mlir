func.func @while(%init: i32, %limit: i32) -> i32 {
  %r = scf.while (%a = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %limit : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %one = arith.constant 1 : i32
    %n = arith.addi %b, %one : i32
    scf.yield %n : i32
  }
  return %r : i32
}
