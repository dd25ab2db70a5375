; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 109 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 107
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 107
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 107
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: call ktime_get_ns
  28: *(u64 *)(r10 -72) = r0
  29: call get_current_pid_tgid
  30: w0 = w0
  31: *(u64 *)(r7 +160) = r0
  32: r0 = r7
  33: r0 += 160
  34: r1 = *(u64 *)(r10 -72)
  35: *(u64 *)(r10 -56) = r1
  36: r3 = *(u64 *)(r10 -56)
  37: if r3 != 0 goto 54
  38: r1 = map[var:self->ts]
  40: r2 = r7
  41: r2 += 160
  42: call map_delete_elem
  43: if r0 != 0 goto 107
  44: *(u32 *)(r10 -8) = 0
  45: r1 = map[dynvar]
  47: r2 = r10
  48: r2 += -8
  49: call map_lookup_elem
  50: if r0 == 0 goto 107
  51: r1 = -8
  52: lock *(u64 *)(r0 +0) += r1
  53: goto 107
  54: r1 = map[var:self->ts]
  56: r2 = r7
  57: r2 += 160
  58: call map_lookup_elem
  59: if r0 != 0 goto 95
  60: *(u32 *)(r10 -8) = 0
  61: r1 = map[dynvar]
  63: r2 = r10
  64: r2 += -8
  65: call map_lookup_elem
  66: if r0 == 0 goto 98
  67: r1 = 8
  68: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
  69: r1 += 8
  70: r2 = 0x100000 ll
  72: if r1 <= r2 goto 76
  73: r1 = -8
  74: lock *(u64 *)(r0 +0) += r1
  75: goto 98
  76: r1 = map[var:self->ts]
  78: r2 = r7
  79: r2 += 160
  80: r3 = r10
  81: r3 += -56
  82: r4 = 1
  83: call map_update_elem
  84: if r0 == 0 goto 107
  85: *(u32 *)(r10 -8) = 0
  86: r1 = map[dynvar]
  88: r2 = r10
  89: r2 += -8
  90: call map_lookup_elem
  91: if r0 == 0 goto 98
  92: r1 = -8
  93: lock *(u64 *)(r0 +0) += r1
  94: goto 98
  95: r1 = *(u64 *)(r10 -56)
  96: *(u64 *)(r0 +0) = r1
  97: goto 107
  98: *(u32 *)(r10 -8) = 1
  99: r1 = map[drops]
 101: r2 = r10
 102: r2 += -8
 103: call map_lookup_elem
 104: if r0 == 0 goto 107
 105: r1 = 1
 106: lock *(u64 *)(r0 +0) += r1
 107: r0 = 0
 108: exit

; clause 1: syscall::read:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 159 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 157
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 157
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 157
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 157
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: call get_current_pid_tgid
  33: w0 = w0
  34: *(u64 *)(r7 +160) = r0
  35: r0 = r7
  36: r0 += 160
  37: r2 = r0
  38: r1 = map[var:self->ts]
  40: call map_lookup_elem
  41: if r0 != 0 goto 44
  42: r0 = 0
  43: goto 45
  44: r0 = *(u64 *)(r0 +0)
  45: if r0 == 0 goto 157
  46: call ktime_get_ns
  47: *(u64 *)(r10 -72) = r0
  48: call get_current_pid_tgid
  49: w0 = w0
  50: *(u64 *)(r7 +160) = r0
  51: r0 = r7
  52: r0 += 160
  53: r2 = r0
  54: r1 = map[var:self->ts]
  56: call map_lookup_elem
  57: if r0 != 0 goto 60
  58: r0 = 0
  59: goto 61
  60: r0 = *(u64 *)(r0 +0)
  61: r1 = r0
  62: r0 = *(u64 *)(r10 -72)
  63: r0 -= r1
  64: *(u64 *)(r10 -72) = r0
  65: *(u32 *)(r10 -8) = 0
  66: r2 = r10
  67: r2 += -8
  68: r1 = map[agg:@lat]
  70: call map_lookup_elem
  71: if r0 == 0 goto 77
  72: *(u64 *)(r0 +16) = 1
  73: r1 = *(u64 *)(r10 -72)
  74: lock *(u64 *)(r0 +8) += r1
  75: r1 = 1
  76: lock *(u64 *)(r0 +0) += r1
  77: r0 = 0
  78: *(u64 *)(r10 -72) = r0
  79: call get_current_pid_tgid
  80: w0 = w0
  81: *(u64 *)(r7 +160) = r0
  82: r0 = r7
  83: r0 += 160
  84: r1 = *(u64 *)(r10 -72)
  85: *(u64 *)(r10 -56) = r1
  86: r3 = *(u64 *)(r10 -56)
  87: if r3 != 0 goto 104
  88: r1 = map[var:self->ts]
  90: r2 = r7
  91: r2 += 160
  92: call map_delete_elem
  93: if r0 != 0 goto 157
  94: *(u32 *)(r10 -8) = 0
  95: r1 = map[dynvar]
  97: r2 = r10
  98: r2 += -8
  99: call map_lookup_elem
 100: if r0 == 0 goto 157
 101: r1 = -8
 102: lock *(u64 *)(r0 +0) += r1
 103: goto 157
 104: r1 = map[var:self->ts]
 106: r2 = r7
 107: r2 += 160
 108: call map_lookup_elem
 109: if r0 != 0 goto 145
 110: *(u32 *)(r10 -8) = 0
 111: r1 = map[dynvar]
 113: r2 = r10
 114: r2 += -8
 115: call map_lookup_elem
 116: if r0 == 0 goto 148
 117: r1 = 8
 118: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 119: r1 += 8
 120: r2 = 0x100000 ll
 122: if r1 <= r2 goto 126
 123: r1 = -8
 124: lock *(u64 *)(r0 +0) += r1
 125: goto 148
 126: r1 = map[var:self->ts]
 128: r2 = r7
 129: r2 += 160
 130: r3 = r10
 131: r3 += -56
 132: r4 = 1
 133: call map_update_elem
 134: if r0 == 0 goto 157
 135: *(u32 *)(r10 -8) = 0
 136: r1 = map[dynvar]
 138: r2 = r10
 139: r2 += -8
 140: call map_lookup_elem
 141: if r0 == 0 goto 148
 142: r1 = -8
 143: lock *(u64 *)(r0 +0) += r1
 144: goto 148
 145: r1 = *(u64 *)(r10 -56)
 146: *(u64 *)(r0 +0) = r1
 147: goto 157
 148: *(u32 *)(r10 -8) = 1
 149: r1 = map[drops]
 151: r2 = r10
 152: r2 += -8
 153: call map_lookup_elem
 154: if r0 == 0 goto 157
 155: r1 = 1
 156: lock *(u64 *)(r0 +0) += r1
 157: r0 = 0
 158: exit
