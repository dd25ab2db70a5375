; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 108 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 106
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 106
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 106
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: *(u32 *)(r10 -8) = 0
  27: r1 = map[zero]
  29: r2 = r10
  30: r2 += -8
  31: call map_lookup_elem
  32: if r0 == 0 goto 106
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
  46: *(u64 *)(r10 -56) = r0
  47: *(u64 *)(r10 -8) = 0
  48: call #35
  49: r3 = r0
  50: r3 += 2512
  51: r1 = r10
  52: r1 += -8
  53: r2 = 8
  54: call probe_read_kernel
  55: r3 = *(u64 *)(r10 -8)
  56: r3 += 3080
  57: r1 = *(u64 *)(r10 -56)
  58: r2 = 16
  59: call probe_read_kernel_str
  60: r0 = *(u64 *)(r10 -56)
  61: *(u64 *)(r10 -88) = r0
  62: call get_current_pid_tgid
  63: r0 >>= 32
  64: *(u64 *)(r10 -96) = r0
  65: r0 = *(u64 *)(r10 -88)
  66: r1 = r7
  67: r1 += 160
  68: r3 = r0
  69: r2 = 256
  70: call probe_read_kernel
  71: r0 = *(u64 *)(r10 -96)
  72: *(u64 *)(r7 +416) = r0
  73: r0 = r7
  74: r0 += 160
  75: r2 = r0
  76: r1 = map[agg:@calls]
  78: call map_lookup_elem
  79: if r0 != 0 goto 103
  80: r1 = map[agg:@calls]
  82: r2 = r7
  83: r2 += 160
  84: r3 = *(u64 *)(r10 -48)
  85: r4 = 1
  86: call map_update_elem
  87: r1 = map[agg:@calls]
  89: r2 = r7
  90: r2 += 160
  91: call map_lookup_elem
  92: if r0 != 0 goto 103
  93: *(u32 *)(r10 -8) = 2
  94: r1 = map[drops]
  96: r2 = r10
  97: r2 += -8
  98: call map_lookup_elem
  99: if r0 == 0 goto 102
 100: r1 = 1
 101: lock *(u64 *)(r0 +0) += r1
 102: goto 106
 103: r1 = *(u64 *)(r10 -72)
 104: r1 = 1
 105: lock *(u64 *)(r0 +0) += r1
 106: r0 = 0
 107: exit
