; clause 0: pid123:a.out:main:entry
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 85 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 83
   8: r7 = r0
   9: call get_current_pid_tgid
  10: r0 >>= 32
  11: r1 = r0
  12: *(u32 *)(r10 -8) = r1
  13: r1 = map[pids]
  15: r2 = r10
  16: r2 += -8
  17: call map_lookup_elem
  18: if r0 == 0 goto 83
  19: *(u32 *)(r10 -8) = 0
  20: r1 = map[zero]
  22: r2 = r10
  23: r2 += -8
  24: call map_lookup_elem
  25: if r0 == 0 goto 83
  26: *(u64 *)(r10 -48) = r0
  27: r0 = 0
  28: *(u64 *)(r10 -16) = 0
  29: *(u64 *)(r10 -72) = r0
  30: r0 = 1
  31: *(u64 *)(r10 -80) = r0
  32: call get_current_pid_tgid
  33: r0 >>= 32
  34: *(u64 *)(r7 +4304) = r0
  35: r1 = r6
  36: r2 = r7
  37: r2 += 4312
  38: r3 = 40
  39: r4 = 256
  40: call get_stack
  41: r0 = r7
  42: r0 += 4304
  43: *(u64 *)(r10 -88) = r0
  44: r0 = *(u64 *)(r10 -88)
  45: r1 = r7
  46: r1 += 160
  47: r3 = r0
  48: r2 = 48
  49: call probe_read_kernel
  50: r0 = r7
  51: r0 += 160
  52: r2 = r0
  53: r1 = map[agg:@stacks]
  55: call map_lookup_elem
  56: if r0 != 0 goto 80
  57: r1 = map[agg:@stacks]
  59: r2 = r7
  60: r2 += 160
  61: r3 = *(u64 *)(r10 -48)
  62: r4 = 1
  63: call map_update_elem
  64: r1 = map[agg:@stacks]
  66: r2 = r7
  67: r2 += 160
  68: call map_lookup_elem
  69: if r0 != 0 goto 80
  70: *(u32 *)(r10 -8) = 2
  71: r1 = map[drops]
  73: r2 = r10
  74: r2 += -8
  75: call map_lookup_elem
  76: if r0 == 0 goto 79
  77: r1 = 1
  78: lock *(u64 *)(r0 +0) += r1
  79: goto 83
  80: r1 = *(u64 *)(r10 -72)
  81: r1 = 1
  82: lock *(u64 *)(r0 +0) += r1
  83: r0 = 0
  84: exit
