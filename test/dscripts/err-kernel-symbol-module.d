/* @status: 1 */
/* only the kernel's own symbols (vmlinux`name, `name) are read, not a module's */
BEGIN
{
	trace(ext4`ext4_inode_cachep);
	exit(0);
}
