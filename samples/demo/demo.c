/* SPDX-License-Identifier: MIT */
/*
 * demo.c — a probed program for the quickstart demo: serves a few fake
 * requests, firing demo:::request-start / request-done around each one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo-probes.h"

static long
serve (int id, const char *path)
{
  long bytes = (long) strlen (path) * 100;
  DEMO_REQUEST_START (id, path);
  int status = strstr (path, "missing") ? 404 : 200;
  if (DEMO_REQUEST_DONE_ENABLED ())
    printf ("  (a tracer is watching request-done)\n");
  DEMO_REQUEST_DONE (id, status, bytes);
  return bytes;
}

int
main (int argc, char **argv)
{
  static const char *paths[] = { "/index.html", "/missing.png", "/api/items" };
  int rounds = argc > 1 ? atoi (argv[1]) : 1;
  long total = 0;
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < 3; i++)
      total += serve (r * 3 + i, paths[i]);
  DEMO_IDLE ();
  printf ("served %d requests, %ld bytes\n", rounds * 3, total);
  return 0;
}
