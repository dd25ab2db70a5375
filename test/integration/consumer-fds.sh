#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-fds.sh — fds[] and fileinfo_t (the D library, checker-prelude.c;
# fi_pathname by __d_path, codegen-dpath.c), traced for real in the test's
# own program (-c, /pid == $target/): a regular file at an offset, a
# directory, the root, /dev/null and /proc/PID/mem (paths across mounts),
# a pipe and a socket (no path: <unknown>), a closed descriptor, -1 and
# one past max_fds (<none>); xlate <fileinfo_t *> of a struct file *; a path
# deeper than the walk goes and one longer than strsize (<unknown>).
# Exact output.
. "$SRCDIR/test/lib.sh"
gcc -O2 "$SRCDIR/test/integration/data/fds-target.c" -o fds-target || fail "build fds-target"
dir=$(realpath "$T")/d
mkdir -p "$dir/sub" && printf '0123456789\n' >"$dir/sub/f.txt"
fs=$(findmnt -no FSTYPE -T "$dir")
rootfs=$(findmnt -no FSTYPE -T /)
# an AF_UNIX stream socket's dentry is named after its proto: "UNIX" before
# Linux 5.15, "UNIX-STREAM" since
read -r kmaj kmin <<<"$(uname -r | sed -E 's/^([0-9]+)\.([0-9]+).*/\1 \2/')"
unixname=UNIX-STREAM
[ "$kmaj" -lt 5 ] || { [ "$kmaj" -eq 5 ] && [ "$kmin" -lt 15 ]; } && unixname=UNIX

"$DTRACE" -q -c "./fds-target $dir" -n '
syscall::ioctl:entry /pid == $target && arg1 == 0x5a5a5a/
{
	printf("%d [%s] [%s] [%s] [%s] %d %x [%s]\n", (int) arg0, fds[arg0].fi_name,
	    fds[arg0].fi_dirname, fds[arg0].fi_pathname, fds[arg0].fi_fs, fds[arg0].fi_offset,
	    fds[arg0].fi_oflags, fds[arg0].fi_mount);
}' >fds.out 2>&1
pid=$(sed -n 's|^8 \[mem\] \[/proc/\([0-9]*\)\].*|\1|p' fds.out)
check_eq "fds[]: every fileinfo_t member of files, a directory, the root, devices, /proc, a pipe, a socket, closed and invalid descriptors" \
  "$(cat fds.out)" \
"3 [f.txt] [$dir/sub] [$dir/sub/f.txt] [$fs] 5 8000 [<unknown>]
4 [null] [/dev] [/dev/null] [devtmpfs] 0 8401 [<unknown>]
5 [] [.] [<unknown>] [pipefs] 0 0 [<unknown>]
7 [$unixname] [.] [<unknown>] [sockfs] 0 2 [<unknown>]
8 [mem] [/proc/$pid] [/proc/$pid/mem] [proc] 0 8000 [<unknown>]
9 [d] [${dir%/d}] [$dir] [$fs] 0 18000 [<unknown>]
10 [/] [/] [/] [$rootfs] 0 18000 [<unknown>]
11 [<none>] [<none>] [<none>] [<none>] 0 0 [<none>]
-1 [<none>] [<none>] [<none>] [<none>] 0 0 [<none>]
1048576 [<none>] [<none>] [<none>] [<none>] 0 0 [<none>]"
[ -n "$pid" ] || fail "fds[8] names /proc/PID/mem"

# ---------------------------------------------------------------- xlate <fileinfo_t *> (struct file *)
"$DTRACE" -q -c "./fds-target $dir" -n '
syscall::ioctl:entry /pid == $target && arg1 == 0x5a5a5a && arg0 == 3/
{
	this->f = curthread->files->fdt->fd[3];
	printf("%s %s %d\n", xlate <fileinfo_t *> (this->f)->fi_pathname,
	    xlate <fileinfo_t> (this->f).fi_name, xlate <fileinfo_t *> (this->f)->fi_offset);
	printf("%s\n", xlate <fileinfo_t *> ((struct file *) 0)->fi_name);
}' >xlate.out 2>&1
check_eq "xlate <fileinfo_t *> and xlate <fileinfo_t> of a struct file *; of NULL" "$(cat xlate.out)" \
"$dir/sub/f.txt f.txt 5
<none>"

# ---------------------------------------------------------------- too deep, too long
deep=$dir/deep
for i in $(seq 1 40); do deep=$deep/$i; done
mkdir -p "$deep/sub" && : >"$deep/sub/f.txt"
long=$dir/long/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
mkdir -p "$long/sub" && : >"$long/sub/f.txt"
script='syscall::ioctl:entry /pid == $target && arg1 == 0x5a5a5a && arg0 == 3/
{ printf("[%s] [%s]\n", fds[3].fi_pathname, fds[3].fi_name); }'
check_eq "a path deeper than the walk goes (32 steps) is <unknown>" \
  "$("$DTRACE" -q -c "./fds-target $deep" -n "$script" 2>&1)" "[<unknown>] [f.txt]"
path=$long/sub/f.txt
check_eq "a path longer than strsize is <unknown>" \
  "$("$DTRACE" -q -x strsize=$(( ${#path} - 1 )) -c "./fds-target $long" -n "$script" 2>&1)" "[<unknown>] [f.txt]"
check_eq "a path of strsize characters fits (as other strings: -x strsize characters)" \
  "$("$DTRACE" -q -x strsize=${#path} -c "./fds-target $long" -n "$script" 2>&1)" "[$path] [f.txt]"

# ---------------------------------------------------------------- errors; a script's own fds
err () { "$DTRACE" -q -n "$1" >/dev/null 2>err.txt; echo "$?:$(cat err.txt)"; }
check_eq "fds[] used whole is refused" "$(err 'BEGIN { trace(fds[0]); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(fds[0]); }: line 1: fds[ ] is only used through its members (fds[fd].fi_pathname)"
check_eq "not a member of fileinfo_t" "$(err 'BEGIN { trace(fds[0].nosuch); }')" \
"1:dtrace: invalid probe specifier BEGIN { trace(fds[0].nosuch); }: line 1: nosuch is not a member of struct fileinfo"
check_eq "a script's own associative array named fds wins over the library's" \
  "$("$DTRACE" -q -n 'struct s { int m; }; struct s fds[int]; BEGIN { fds[1].m = 5; printf("%d\n", fds[1].m); exit(0); }' 2>&1)" "5"

done_testing
