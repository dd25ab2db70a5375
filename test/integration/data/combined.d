/* combined.d — the provider of combined.c (test/integration/consumer-combined.sh) */
provider app {
  probe request__start(int id, const char *path);
  probe request__done(int id, int result);
};
