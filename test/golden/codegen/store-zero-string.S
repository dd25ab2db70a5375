; clause 0: BEGIN
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 129 insns
   0: r6 = r1
   1: *(u32 *)(r10 -8) = 0
   2: r1 = map[scratch]
   4: r2 = r10
   5: r2 += -8
   6: call map_lookup_elem
   7: if r0 == 0 goto 127
   8: r7 = r0
   9: r9 = 1
  10: *(u32 *)(r10 -8) = 0
  11: r1 = map[globals]
  13: r2 = r10
  14: r2 += -8
  15: call map_lookup_elem
  16: if r0 == 0 goto 127
  17: *(u64 *)(r10 -24) = r0
  18: *(u32 *)(r10 -8) = 0
  19: r1 = map[strconst]
  21: r2 = r10
  22: r2 += -8
  23: call map_lookup_elem
  24: if r0 == 0 goto 127
  25: *(u64 *)(r10 -32) = r0
  26: r0 = 0
  27: r0 = *(u64 *)(r10 -32)
  28: r0 += 0
  29: *(u64 *)(r10 -72) = r0
  30: call get_current_pid_tgid
  31: w0 = w0
  32: *(u64 *)(r7 +160) = r0
  33: r0 = r7
  34: r0 += 160
  35: r1 = *(u64 *)(r10 -72)
  36: *(u64 *)(r10 -56) = r1
  37: r1 = map[var:self->s]
  39: r2 = r7
  40: r2 += 160
  41: call map_lookup_elem
  42: if r0 != 0 goto 77
  43: *(u32 *)(r10 -8) = 0
  44: r1 = map[dynvar]
  46: r2 = r10
  47: r2 += -8
  48: call map_lookup_elem
  49: if r0 == 0 goto 82
  50: r1 = 256
  51: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  52: r1 += 256
  53: r2 = 0x100000 ll
  55: if r1 <= r2 goto 59
  56: r1 = -256
  57: lock *(u64 *)(r0 +0) += r1
  58: goto 82
  59: r1 = map[var:self->s]
  61: r2 = r7
  62: r2 += 160
  63: r3 = *(u64 *)(r10 -56)
  64: r4 = 1
  65: call map_update_elem
  66: if r0 == 0 goto 91
  67: *(u32 *)(r10 -8) = 0
  68: r1 = map[dynvar]
  70: r2 = r10
  71: r2 += -8
  72: call map_lookup_elem
  73: if r0 == 0 goto 82
  74: r1 = -256
  75: lock *(u64 *)(r0 +0) += r1
  76: goto 82
  77: r3 = *(u64 *)(r10 -56)
  78: r1 = r0
  79: r2 = 256
  80: call probe_read_kernel
  81: goto 91
  82: *(u32 *)(r10 -8) = 1
  83: r1 = map[drops]
  85: r2 = r10
  86: r2 += -8
  87: call map_lookup_elem
  88: if r0 == 0 goto 91
  89: r1 = 1
  90: lock *(u64 *)(r0 +0) += r1
  91: call get_current_pid_tgid
  92: w0 = w0
  93: *(u64 *)(r7 +160) = r0
  94: r0 = r7
  95: r0 += 160
  96: r1 = map[var:self->s]
  98: r2 = r7
  99: r2 += 160
 100: call map_delete_elem
 101: if r0 != 0 goto 112
 102: *(u32 *)(r10 -8) = 0
 103: r1 = map[dynvar]
 105: r2 = r10
 106: r2 += -8
 107: call map_lookup_elem
 108: if r0 == 0 goto 112
 109: r1 = -256
 110: lock *(u64 *)(r0 +0) += r1
 111: goto 112
 112: r0 = 0
 113: r0 = *(u64 *)(r10 -32)
 114: r0 += 256
 115: r1 = *(u64 *)(r10 -24)
 116: r3 = r0
 117: r1 += 0
 118: r2 = 256
 119: call probe_read_kernel
 120: r0 = *(u64 *)(r10 -32)
 121: r0 += 512
 122: r1 = *(u64 *)(r10 -24)
 123: r3 = r0
 124: r1 += 0
 125: r2 = 256
 126: call probe_read_kernel
 127: r0 = 0
 128: exit
