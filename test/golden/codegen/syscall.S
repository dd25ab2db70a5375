; clause 0: syscall::openat:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 148 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 146
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 146
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 146
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u8 *)(r8 +56)
  28: if r1 == 0 goto 100
  29: if r1 == 3 goto 43
  30: if r1 == 2 goto 33
  31: r0 = *(u64 *)(r8 +72)
  32: goto 87
  33: r3 = *(u16 *)(r8 +60)
  34: r3 &= 248
  35: *(u64 *)(r10 -8) = 0
  36: r1 = r10
  37: r1 += -8
  38: r2 = 8
  39: r3 += r6
  40: call probe_read_kernel
  41: r0 = *(u64 *)(r10 -8)
  42: goto 87
  43: r0 = 0
  44: *(u64 *)(r10 -56) = r0
  45: r1 = *(u8 *)(r8 +59)
  46: r1 &= 1
  47: if r1 == 0 goto 58
  48: r3 = *(u16 *)(r8 +60)
  49: r3 &= 248
  50: *(u64 *)(r10 -8) = 0
  51: r1 = r10
  52: r1 += -8
  53: r2 = 8
  54: r3 += r6
  55: call probe_read_kernel
  56: r0 = *(u64 *)(r10 -8)
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +59)
  59: r1 &= 2
  60: if r1 == 0 goto 76
  61: r3 = *(u16 *)(r8 +62)
  62: r3 &= 248
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: r1 = *(u8 *)(r8 +64)
  71: r1 &= 3
  72: r0 <<= r1
  73: r1 = *(u64 *)(r10 -56)
  74: r1 += r0
  75: *(u64 *)(r10 -56) = r1
  76: r3 = *(u64 *)(r10 -56)
  77: r1 = *(u64 *)(r8 +72)
  78: r3 += r1
  79: *(u64 *)(r10 -8) = 0
  80: r1 = r10
  81: r1 += -8
  82: r2 = *(u8 *)(r8 +57)
  83: if r2 == 0 goto 100
  84: if r2 > 8 goto 100
  85: call probe_read_user
  86: r0 = *(u64 *)(r10 -8)
  87: r2 = *(u8 *)(r8 +57)
  88: r2 &= 15
  89: r2 <<= 3
  90: r3 = 64
  91: r3 -= r2
  92: r3 &= 63
  93: r0 <<= r3
  94: r1 = *(u8 *)(r8 +58)
  95: if r1 != 0 goto 98
  96: r0 >>= r3
  97: goto 101
  98: r0 s>>= r3
  99: goto 101
 100: r0 = 0
 101: *(u64 *)(r7 +80) = r0
 102: *(u64 *)(r10 -16) = 0
 103: *(u32 *)(r7 +12) = 0
 104: r0 = *(u64 *)(r7 +80)
 105: *(u64 *)(r7 +24) = r0
 106: r1 = *(u64 *)(r10 -16)
 107: r1 |= 1
 108: *(u64 *)(r10 -16) = r1
 109: r1 = *(u64 *)(r10 -16)
 110: if r1 == 0 goto 146
 111: r1 = *(u64 *)(r10 -16)
 112: *(u64 *)(r7 +16) = r1
 113: *(u32 *)(r7 +0) = 0
 114: *(u32 *)(r7 +4) = r9
 115: call get_smp_processor_id
 116: *(u32 *)(r7 +8) = r0
 117: r1 = map[ringbuf]
 119: r2 = 0
 120: call ringbuf_query
 121: r4 = 1
 122: r1 = r0
 123: r1 += 40
 124: if r1 < 1048576 goto 129
 125: r0 >>= 18
 126: r1 >>= 18
 127: if r0 == r1 goto 129
 128: r4 = 2
 129: r1 = map[ringbuf]
 131: r2 = r7
 132: r2 += 0
 133: r3 = 32
 134: call ringbuf_output
 135: if r0 != 0 goto 137
 136: goto 146
 137: *(u32 *)(r10 -8) = 0
 138: r1 = map[drops]
 140: r2 = r10
 141: r2 += -8
 142: call map_lookup_elem
 143: if r0 == 0 goto 146
 144: r1 = 1
 145: lock *(u64 *)(r0 +0) += r1
 146: r0 = 0
 147: exit

; clause 1: syscall::openat:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 119 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 117
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 117
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 117
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 117
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[zero]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 117
  38: *(u64 *)(r10 -48) = r0
  39: r0 = 0
  40: *(u64 *)(r10 -16) = 0
  41: r0 = 0
  42: *(u64 *)(r10 -8) = 0
  43: r1 = r10
  44: r1 += -8
  45: r2 = 8
  46: r3 = r6
  47: r3 += 80
  48: call probe_read_kernel
  49: r0 = *(u64 *)(r10 -8)
  50: if r0 s>= 0 goto 54
  51: if r0 s< -4095 goto 54
  52: r0 = -r0
  53: goto 55
  54: r0 = 0
  55: *(u64 *)(r10 -72) = r0
  56: r0 = 0
  57: r1 = r0
  58: r0 = *(u64 *)(r10 -72)
  59: if r0 != r1 goto 62
  60: r0 = 0
  61: goto 63
  62: r0 = 1
  63: if r0 == 0 goto 117
  64: *(u64 *)(r10 -72) = r0
  65: r0 = 1
  66: *(u64 *)(r10 -80) = r0
  67: r0 = 0
  68: *(u64 *)(r10 -8) = 0
  69: r1 = r10
  70: r1 += -8
  71: r2 = 8
  72: r3 = r6
  73: r3 += 80
  74: call probe_read_kernel
  75: r0 = *(u64 *)(r10 -8)
  76: if r0 s>= 0 goto 80
  77: if r0 s< -4095 goto 80
  78: r0 = -r0
  79: goto 81
  80: r0 = 0
  81: *(u64 *)(r10 -88) = r0
  82: r0 = *(u64 *)(r10 -88)
  83: *(u64 *)(r7 +160) = r0
  84: r0 = r7
  85: r0 += 160
  86: r2 = r0
  87: r1 = map[agg:@errs]
  89: call map_lookup_elem
  90: if r0 != 0 goto 114
  91: r1 = map[agg:@errs]
  93: r2 = r7
  94: r2 += 160
  95: r3 = *(u64 *)(r10 -48)
  96: r4 = 1
  97: call map_update_elem
  98: r1 = map[agg:@errs]
 100: r2 = r7
 101: r2 += 160
 102: call map_lookup_elem
 103: if r0 != 0 goto 114
 104: *(u32 *)(r10 -8) = 2
 105: r1 = map[drops]
 107: r2 = r10
 108: r2 += -8
 109: call map_lookup_elem
 110: if r0 == 0 goto 113
 111: r1 = 1
 112: lock *(u64 *)(r0 +0) += r1
 113: goto 117
 114: r1 = *(u64 *)(r10 -72)
 115: r1 = 1
 116: lock *(u64 *)(r0 +0) += r1
 117: r0 = 0
 118: exit
