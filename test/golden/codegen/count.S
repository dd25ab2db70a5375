; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 29 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 27
  11: r0 = 0
  12: *(u64 *)(r10 -16) = 0
  13: *(u64 *)(r10 -72) = r0
  14: r0 = 1
  15: *(u64 *)(r10 -80) = r0
  16: *(u32 *)(r10 -8) = 0
  17: r2 = r10
  18: r2 += -8
  19: r1 = map[agg:@]
  21: call map_lookup_elem
  22: if r0 == 0 goto 27
  23: *(u64 *)(r0 +8) = 1
  24: r1 = *(u64 *)(r10 -72)
  25: r1 = 1
  26: lock *(u64 *)(r0 +0) += r1
  27: r0 = 0
  28: exit
