// Seeded: an unknown channel type, a broadcast shape of the wrong rank and one that shrinks a
// dimension, packet ids on a stream channel and a duplicated id, a zero re-feed count, and a
// channel declared twice (AIR's ChannelOp verifier and MLIR's symbol table).
// expect: AS0516 AS0517 AS0517 AS0518 AS0518 AS0519 AS0564
air.channel @bad_type [1] {channel_type = "npu_dma_bogus"}
air.channel @rank [2, 1] {broadcast_shape = [2]}
air.channel @shrink [4, 1] {broadcast_shape = [2, 4]}
air.channel @ok_bcast [1, 4] {broadcast_shape = [8, 4]}
air.channel @ids_on_stream [1] {packet_ids = [1]}
air.channel @dup_ids [1] {channel_type = "npu_dma_packet", packet_ids = [3, 3]}
air.channel @refeed [1] {air.refeed_count = 0}
air.channel @twice [1]
air.channel @twice [2]
