; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 24 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 22
  11: r0 = 0
  12: *(u32 *)(r10 -8) = 0
  13: r2 = r10
  14: r2 += -8
  15: r1 = map[agg:@]
  17: call map_lookup_elem
  18: if r0 == 0 goto 22
  19: *(u64 *)(r0 +8) = 1
  20: r1 = 1
  21: lock *(u64 *)(r0 +0) += r1
  22: r0 = 0
  23: exit
