; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 106 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 104
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 104
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 104
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[zero]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 104
  33: *(u64 *)(r10 -48) = r0
  34: r0 = 0
  35: r1 = r7
  36: r1 += 424
  37: r2 = 256
  38: r3 = *(u64 *)(r10 -48)
  39: call probe_read_kernel
  40: r0 = r7
  41: r0 += 424
  42: *(u64 *)(r10 -56) = r0
  43: *(u64 *)(r10 -8) = 0
  44: call #35
  45: r3 = r0
  46: r3 += 2512
  47: r1 = r10
  48: r1 += -8
  49: r2 = 8
  50: call probe_read_kernel
  51: r3 = *(u64 *)(r10 -8)
  52: r3 += 3080
  53: r1 = *(u64 *)(r10 -56)
  54: r2 = 16
  55: call probe_read_kernel_str
  56: r0 = *(u64 *)(r10 -56)
  57: *(u64 *)(r10 -80) = r0
  58: call get_current_pid_tgid
  59: r0 >>= 32
  60: *(u64 *)(r10 -88) = r0
  61: r0 = *(u64 *)(r10 -80)
  62: r1 = r7
  63: r1 += 160
  64: r3 = r0
  65: r2 = 256
  66: call probe_read_kernel
  67: r0 = *(u64 *)(r10 -88)
  68: *(u64 *)(r7 +416) = r0
  69: r0 = r7
  70: r0 += 160
  71: r2 = r0
  72: r1 = map[agg:@calls]
  74: call map_lookup_elem
  75: if r0 != 0 goto 102
  76: *(u64 *)(r10 -72) = 1
  77: r3 = r10
  78: r3 += -72
  79: r1 = map[agg:@calls]
  81: r2 = r7
  82: r2 += 160
  83: r4 = 1
  84: call map_update_elem
  85: if r0 == 0 goto 104
  86: r1 = map[agg:@calls]
  88: r2 = r7
  89: r2 += 160
  90: call map_lookup_elem
  91: if r0 != 0 goto 102
  92: *(u32 *)(r10 -8) = 2
  93: r1 = map[drops]
  95: r2 = r10
  96: r2 += -8
  97: call map_lookup_elem
  98: if r0 == 0 goto 101
  99: r1 = 1
 100: lock *(u64 *)(r0 +0) += r1
 101: goto 104
 102: r1 = 1
 103: lock *(u64 *)(r0 +0) += r1
 104: r0 = 0
 105: exit
