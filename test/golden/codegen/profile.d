/* profile-N samples (arg0/arg1: kernel and user pc) and tick-N */
profile:::profile-97
/arg1/
{
	@pcs[arg1] = count();
}

profile:::tick-1s
{
	printa(@pcs);
	trunc(@pcs, 10);
}
