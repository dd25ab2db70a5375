; clause 0: syscall::read:entry
; dt_c0: raw_tracepoint (type 17), expected attach type 0, flags 0, 189 insns
   0: r6 = r1
   1: r0 = *(u64 *)(r6 +8)
   2: *(u64 *)(r10 -56) = r0
   3: *(u64 *)(r10 -64) = r6
   4: r6 = *(u64 *)(r6 +0)
   5: call get_current_pid_tgid
   6: r0 >>= 32
   7: if r0 == 4242 goto 187
   8: *(u32 *)(r10 -8) = 0
   9: r1 = map[scratch]
  11: r2 = r10
  12: r2 += -8
  13: call map_lookup_elem
  14: if r0 == 0 goto 187
  15: r7 = r0
  16: r1 = *(u64 *)(r10 -56)
  17: *(u32 *)(r10 -8) = r1
  18: r1 = map[syscall_sites]
  20: r2 = r10
  21: r2 += -8
  22: call map_lookup_elem
  23: if r0 == 0 goto 187
  24: r8 = r0
  25: r9 = *(u32 *)(r8 +0)
  26: r0 = 0
  27: r1 = *(u8 *)(r8 +8)
  28: if r1 == 0 goto 100
  29: if r1 == 3 goto 43
  30: if r1 == 2 goto 33
  31: r0 = *(u64 *)(r8 +24)
  32: goto 87
  33: r3 = *(u16 *)(r8 +12)
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
  45: r1 = *(u8 *)(r8 +11)
  46: r1 &= 1
  47: if r1 == 0 goto 58
  48: r3 = *(u16 *)(r8 +12)
  49: r3 &= 248
  50: *(u64 *)(r10 -8) = 0
  51: r1 = r10
  52: r1 += -8
  53: r2 = 8
  54: r3 += r6
  55: call probe_read_kernel
  56: r0 = *(u64 *)(r10 -8)
  57: *(u64 *)(r10 -56) = r0
  58: r1 = *(u8 *)(r8 +11)
  59: r1 &= 2
  60: if r1 == 0 goto 76
  61: r3 = *(u16 *)(r8 +14)
  62: r3 &= 248
  63: *(u64 *)(r10 -8) = 0
  64: r1 = r10
  65: r1 += -8
  66: r2 = 8
  67: r3 += r6
  68: call probe_read_kernel
  69: r0 = *(u64 *)(r10 -8)
  70: r1 = *(u8 *)(r8 +16)
  71: r1 &= 3
  72: r0 <<= r1
  73: r1 = *(u64 *)(r10 -56)
  74: r1 += r0
  75: *(u64 *)(r10 -56) = r1
  76: r3 = *(u64 *)(r10 -56)
  77: r1 = *(u64 *)(r8 +24)
  78: r3 += r1
  79: *(u64 *)(r10 -8) = 0
  80: r1 = r10
  81: r1 += -8
  82: r2 = *(u8 *)(r8 +9)
  83: if r2 == 0 goto 100
  84: if r2 > 8 goto 100
  85: call probe_read_user
  86: r0 = *(u64 *)(r10 -8)
  87: r2 = *(u8 *)(r8 +9)
  88: r2 &= 15
  89: r2 <<= 3
  90: r3 = 64
  91: r3 -= r2
  92: r3 &= 63
  93: r0 <<= r3
  94: r1 = *(u8 *)(r8 +10)
  95: if r1 != 0 goto 98
  96: r0 >>= r3
  97: goto 101
  98: r0 s>>= r3
  99: goto 101
 100: r0 = 0
 101: *(u64 *)(r7 +64) = r0
 102: *(u64 *)(r10 -16) = 0
 103: call ktime_get_ns
 104: *(u64 *)(r10 -72) = r0
 105: r0 = *(u64 *)(r7 +64)
 106: *(u64 *)(r10 -80) = r0
 107: call get_current_pid_tgid
 108: w0 = w0
 109: *(u64 *)(r7 +160) = r0
 110: r0 = *(u64 *)(r10 -80)
 111: *(u64 *)(r7 +168) = r0
 112: r0 = r7
 113: r0 += 160
 114: r1 = *(u64 *)(r10 -72)
 115: *(u64 *)(r10 -56) = r1
 116: r3 = *(u64 *)(r10 -56)
 117: if r3 != 0 goto 134
 118: r1 = map[var:self->ts]
 120: r2 = r7
 121: r2 += 160
 122: call map_delete_elem
 123: if r0 != 0 goto 187
 124: *(u32 *)(r10 -8) = 0
 125: r1 = map[dynvar]
 127: r2 = r10
 128: r2 += -8
 129: call map_lookup_elem
 130: if r0 == 0 goto 187
 131: r1 = -88
 132: lock *(u64 *)(r0 +0) += r1
 133: goto 187
 134: r1 = map[var:self->ts]
 136: r2 = r7
 137: r2 += 160
 138: call map_lookup_elem
 139: if r0 != 0 goto 175
 140: *(u32 *)(r10 -8) = 0
 141: r1 = map[dynvar]
 143: r2 = r10
 144: r2 += -8
 145: call map_lookup_elem
 146: if r0 == 0 goto 178
 147: r1 = 88
 148: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 149: r1 += 88
 150: r2 = 0x100000 ll
 152: if r1 <= r2 goto 156
 153: r1 = -88
 154: lock *(u64 *)(r0 +0) += r1
 155: goto 178
 156: r1 = map[var:self->ts]
 158: r2 = r7
 159: r2 += 160
 160: r3 = r10
 161: r3 += -56
 162: r4 = 1
 163: call map_update_elem
 164: if r0 == 0 goto 187
 165: *(u32 *)(r10 -8) = 0
 166: r1 = map[dynvar]
 168: r2 = r10
 169: r2 += -8
 170: call map_lookup_elem
 171: if r0 == 0 goto 178
 172: r1 = -88
 173: lock *(u64 *)(r0 +0) += r1
 174: goto 178
 175: r1 = *(u64 *)(r10 -56)
 176: *(u64 *)(r0 +0) = r1
 177: goto 187
 178: *(u32 *)(r10 -8) = 1
 179: r1 = map[drops]
 181: r2 = r10
 182: r2 += -8
 183: call map_lookup_elem
 184: if r0 == 0 goto 187
 185: r1 = 1
 186: lock *(u64 *)(r0 +0) += r1
 187: r0 = 0
 188: exit

; clause 1: syscall::read:return
; dt_c1: raw_tracepoint (type 17), expected attach type 0, flags 0, 174 insns
   0: r6 = r1
   1: *(u64 *)(r10 -64) = r6
   2: r6 = *(u64 *)(r6 +0)
   3: r1 = r10
   4: r1 += -56
   5: r2 = 8
   6: r3 = r6
   7: r3 += 120
   8: call probe_read_kernel
   9: if r0 != 0 goto 172
  10: call get_current_pid_tgid
  11: r0 >>= 32
  12: if r0 == 4242 goto 172
  13: *(u32 *)(r10 -8) = 0
  14: r1 = map[scratch]
  16: r2 = r10
  17: r2 += -8
  18: call map_lookup_elem
  19: if r0 == 0 goto 172
  20: r7 = r0
  21: r1 = *(u64 *)(r10 -56)
  22: *(u32 *)(r10 -8) = r1
  23: r1 = map[syscall_sites]
  25: r2 = r10
  26: r2 += -8
  27: call map_lookup_elem
  28: if r0 == 0 goto 172
  29: r8 = r0
  30: r9 = *(u32 *)(r8 +0)
  31: r0 = 0
  32: *(u64 *)(r10 -16) = 0
  33: r0 = 1
  34: *(u64 *)(r10 -72) = r0
  35: call get_current_pid_tgid
  36: w0 = w0
  37: *(u64 *)(r7 +160) = r0
  38: r0 = *(u64 *)(r10 -72)
  39: *(u64 *)(r7 +168) = r0
  40: r0 = r7
  41: r0 += 160
  42: r2 = r0
  43: r1 = map[var:self->ts]
  45: call map_lookup_elem
  46: if r0 != 0 goto 49
  47: r0 = 0
  48: goto 50
  49: r0 = *(u64 *)(r0 +0)
  50: if r0 == 0 goto 172
  51: call ktime_get_ns
  52: *(u64 *)(r10 -72) = r0
  53: r0 = 1
  54: *(u64 *)(r10 -80) = r0
  55: call get_current_pid_tgid
  56: w0 = w0
  57: *(u64 *)(r7 +160) = r0
  58: r0 = *(u64 *)(r10 -80)
  59: *(u64 *)(r7 +168) = r0
  60: r0 = r7
  61: r0 += 160
  62: r2 = r0
  63: r1 = map[var:self->ts]
  65: call map_lookup_elem
  66: if r0 != 0 goto 69
  67: r0 = 0
  68: goto 70
  69: r0 = *(u64 *)(r0 +0)
  70: r1 = r0
  71: r0 = *(u64 *)(r10 -72)
  72: r0 -= r1
  73: *(u64 *)(r10 -72) = r0
  74: r0 = 1
  75: *(u64 *)(r10 -80) = r0
  76: *(u32 *)(r10 -8) = 0
  77: r2 = r10
  78: r2 += -8
  79: r1 = map[agg:@lat]
  81: call map_lookup_elem
  82: if r0 == 0 goto 88
  83: *(u64 *)(r0 +16) = 1
  84: r1 = *(u64 *)(r10 -72)
  85: lock *(u64 *)(r0 +8) += r1
  86: r1 = 1
  87: lock *(u64 *)(r0 +0) += r1
  88: r0 = 0
  89: *(u64 *)(r10 -72) = r0
  90: r0 = 1
  91: *(u64 *)(r10 -80) = r0
  92: call get_current_pid_tgid
  93: w0 = w0
  94: *(u64 *)(r7 +160) = r0
  95: r0 = *(u64 *)(r10 -80)
  96: *(u64 *)(r7 +168) = r0
  97: r0 = r7
  98: r0 += 160
  99: r1 = *(u64 *)(r10 -72)
 100: *(u64 *)(r10 -56) = r1
 101: r3 = *(u64 *)(r10 -56)
 102: if r3 != 0 goto 119
 103: r1 = map[var:self->ts]
 105: r2 = r7
 106: r2 += 160
 107: call map_delete_elem
 108: if r0 != 0 goto 172
 109: *(u32 *)(r10 -8) = 0
 110: r1 = map[dynvar]
 112: r2 = r10
 113: r2 += -8
 114: call map_lookup_elem
 115: if r0 == 0 goto 172
 116: r1 = -88
 117: lock *(u64 *)(r0 +0) += r1
 118: goto 172
 119: r1 = map[var:self->ts]
 121: r2 = r7
 122: r2 += 160
 123: call map_lookup_elem
 124: if r0 != 0 goto 160
 125: *(u32 *)(r10 -8) = 0
 126: r1 = map[dynvar]
 128: r2 = r10
 129: r2 += -8
 130: call map_lookup_elem
 131: if r0 == 0 goto 163
 132: r1 = 88
 133: r1 = atomic_fetch_add((u64 *)(r0 +0), r1)
 134: r1 += 88
 135: r2 = 0x100000 ll
 137: if r1 <= r2 goto 141
 138: r1 = -88
 139: lock *(u64 *)(r0 +0) += r1
 140: goto 163
 141: r1 = map[var:self->ts]
 143: r2 = r7
 144: r2 += 160
 145: r3 = r10
 146: r3 += -56
 147: r4 = 1
 148: call map_update_elem
 149: if r0 == 0 goto 172
 150: *(u32 *)(r10 -8) = 0
 151: r1 = map[dynvar]
 153: r2 = r10
 154: r2 += -8
 155: call map_lookup_elem
 156: if r0 == 0 goto 163
 157: r1 = -88
 158: lock *(u64 *)(r0 +0) += r1
 159: goto 163
 160: r1 = *(u64 *)(r10 -56)
 161: *(u64 *)(r0 +0) = r1
 162: goto 172
 163: *(u32 *)(r10 -8) = 1
 164: r1 = map[drops]
 166: r2 = r10
 167: r2 += -8
 168: call map_lookup_elem
 169: if r0 == 0 goto 172
 170: r1 = 1
 171: lock *(u64 *)(r0 +0) += r1
 172: r0 = 0
 173: exit
