; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 98 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 96
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 96
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 96
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[zero]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 96
  33: *(u64 *)(r10 -48) = r0
  34: r0 = 0
  35: *(u64 *)(r10 -16) = 0
  36: *(u64 *)(r10 -72) = r0
  37: r0 = 1
  38: *(u64 *)(r10 -80) = r0
  39: r1 = r7
  40: r1 += 424
  41: r2 = 256
  42: r3 = *(u64 *)(r10 -48)
  43: call probe_read_kernel
  44: r0 = r7
  45: r0 += 424
  46: r1 = r0
  47: *(u64 *)(r10 -56) = r0
  48: r2 = 16
  49: call get_current_comm
  50: r0 = *(u64 *)(r10 -56)
  51: *(u64 *)(r10 -88) = r0
  52: call get_current_pid_tgid
  53: r0 >>= 32
  54: *(u64 *)(r10 -96) = r0
  55: r0 = *(u64 *)(r10 -88)
  56: r1 = r7
  57: r1 += 160
  58: r3 = r0
  59: r2 = 256
  60: call probe_read_kernel
  61: r0 = *(u64 *)(r10 -96)
  62: *(u64 *)(r7 +416) = r0
  63: r0 = r7
  64: r0 += 160
  65: r2 = r0
  66: r1 = map[agg:@calls]
  68: call map_lookup_elem
  69: if r0 != 0 goto 93
  70: r1 = map[agg:@calls]
  72: r2 = r7
  73: r2 += 160
  74: r3 = *(u64 *)(r10 -48)
  75: r4 = 1
  76: call map_update_elem
  77: r1 = map[agg:@calls]
  79: r2 = r7
  80: r2 += 160
  81: call map_lookup_elem
  82: if r0 != 0 goto 93
  83: *(u32 *)(r10 -8) = 2
  84: r1 = map[drops]
  86: r2 = r10
  87: r2 += -8
  88: call map_lookup_elem
  89: if r0 == 0 goto 92
  90: r1 = 1
  91: lock *(u64 *)(r0 +0) += r1
  92: goto 96
  93: r1 = *(u64 *)(r10 -72)
  94: r1 = 1
  95: lock *(u64 *)(r0 +0) += r1
  96: r0 = 0
  97: exit
