/* mload.d — the provider of consumer-openmetrics.sh's traced program. */
provider mload {
	probe request(const char *command, int klass, long size, long latency);
	probe done();
};
