; clause 0: memcached*:::command-get
; dt_c0: kprobe (type 2), expected attach type 48, flags 0x10, 183 insns
   0: r6 = r1
   1: call get_current_pid_tgid
   2: r0 >>= 32
   3: r1 = r0
   4: *(u32 *)(r10 -8) = r1
   5: r1 = map[pids]
   7: r2 = r10
   8: r2 += -8
   9: call map_lookup_elem
  10: if r0 == 0 goto 181
  11: *(u32 *)(r10 -8) = 0
  12: r1 = map[scratch]
  14: r2 = r10
  15: r2 += -8
  16: call map_lookup_elem
  17: if r0 == 0 goto 181
  18: r7 = r0
  19: r1 = r6
  20: call get_attach_cookie
  21: r1 = r0
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 181
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: *(u32 *)(r10 -8) = 0
  32: r1 = map[globals]
  34: r2 = r10
  35: r2 += -8
  36: call map_lookup_elem
  37: if r0 == 0 goto 181
  38: *(u64 *)(r10 -24) = r0
  39: r0 = 0
  40: r1 = *(u8 *)(r8 +56)
  41: if r1 == 0 goto 122
  42: if r1 == 3 goto 56
  43: if r1 == 2 goto 46
  44: r0 = *(u64 *)(r8 +72)
  45: goto 109
  46: r3 = *(u16 *)(r8 +60)
  47: r3 &= 504
  48: *(u64 *)(r10 -8) = 0
  49: r1 = r10
  50: r1 += -8
  51: r2 = 8
  52: r3 += r6
  53: call probe_read_kernel
  54: r0 = *(u64 *)(r10 -8)
  55: goto 109
  56: r0 = 0
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +59)
  59: r1 &= 1
  60: if r1 == 0 goto 71
  61: r3 = *(u16 *)(r8 +60)
  62: r3 &= 504
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: *(u64 *)(r10 -56) = r0
  71: r1 = *(u8 *)(r8 +59)
  72: r1 &= 2
  73: if r1 == 0 goto 89
  74: r3 = *(u16 *)(r8 +62)
  75: r3 &= 504
  76: *(u64 *)(r10 -8) = 0
  77: r1 = r10
  78: r1 += -8
  79: r2 = 8
  80: r3 += r6
  81: call probe_read_kernel
  82: r0 = *(u64 *)(r10 -8)
  83: r1 = *(u8 *)(r8 +64)
  84: r1 &= 3
  85: r0 <<= r1
  86: r1 = *(u64 *)(r10 -56)
  87: r1 += r0
  88: *(u64 *)(r10 -56) = r1
  89: r3 = *(u64 *)(r10 -56)
  90: r1 = *(u64 *)(r8 +72)
  91: r3 += r1
  92: *(u64 *)(r10 -8) = 0
  93: r1 = r10
  94: r1 += -8
  95: r2 = *(u8 *)(r8 +57)
  96: if r2 == 0 goto 122
  97: if r2 > 8 goto 122
  98: *(u64 *)(r10 -16) = r3
  99: call probe_read_user
 100: if r0 == 0 goto 108
 101: r1 = r10
 102: r1 += -8
 103: r2 = *(u8 *)(r8 +57)
 104: if r2 == 0 goto 122
 105: if r2 > 8 goto 122
 106: r3 = *(u64 *)(r10 -16)
 107: call copy_from_user
 108: r0 = *(u64 *)(r10 -8)
 109: r2 = *(u8 *)(r8 +57)
 110: r2 &= 15
 111: r2 <<= 3
 112: r3 = 64
 113: r3 -= r2
 114: r3 &= 63
 115: r0 <<= r3
 116: r1 = *(u8 *)(r8 +58)
 117: if r1 != 0 goto 120
 118: r0 >>= r3
 119: goto 123
 120: r0 s>>= r3
 121: goto 123
 122: r0 = 0
 123: *(u64 *)(r7 +88) = r0
 124: *(u32 *)(r7 +12) = 0
 125: r0 = *(u64 *)(r7 +88)
 126: *(u64 *)(r10 -72) = r0
 127: r0 = 2
 128: r1 = r0
 129: r0 = *(u64 *)(r10 -72)
 130: r0 *= r1
 131: *(u64 *)(r7 +64) = r0
 132: r0 = *(u64 *)(r10 -24)
 133: r0 = *(u64 *)(r0 +0)
 134: *(u64 *)(r10 -72) = r0
 135: r0 = *(u64 *)(r7 +64)
 136: r1 = r0
 137: r0 = *(u64 *)(r10 -72)
 138: r0 += r1
 139: r1 = *(u64 *)(r10 -24)
 140: *(u64 *)(r1 +0) = r0
 141: r0 = *(u64 *)(r7 +64)
 142: *(u64 *)(r7 +24) = r0
 143: r0 = *(u64 *)(r10 -24)
 144: r0 = *(u64 *)(r0 +0)
 145: *(u64 *)(r7 +32) = r0
 146: r1 = 1
 147: *(u64 *)(r7 +16) = r1
 148: *(u32 *)(r7 +0) = 0
 149: *(u32 *)(r7 +4) = r9
 150: call get_smp_processor_id
 151: *(u32 *)(r7 +8) = r0
 152: r1 = map[ringbuf]
 154: r2 = 0
 155: call ringbuf_query
 156: r4 = 1
 157: r1 = r0
 158: r1 += 48
 159: if r1 < 1048576 goto 164
 160: r0 >>= 18
 161: r1 >>= 18
 162: if r0 == r1 goto 164
 163: r4 = 2
 164: r1 = map[ringbuf]
 166: r2 = r7
 167: r2 += 0
 168: r3 = 40
 169: call ringbuf_output
 170: if r0 != 0 goto 172
 171: goto 181
 172: *(u32 *)(r10 -8) = 0
 173: r1 = map[drops]
 175: r2 = r10
 176: r2 += -8
 177: call map_lookup_elem
 178: if r0 == 0 goto 181
 179: r1 = 1
 180: lock *(u64 *)(r0 +0) += r1
 181: r0 = 0
 182: exit
