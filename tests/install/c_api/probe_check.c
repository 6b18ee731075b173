/* Probes one position through retro's installed C API and prints what a
 * test compares with `retro probe --json`:
 *   line 1: retro_probe_json's answer
 *   line 2: retro_probe_value's value (%.17g)
 * usage: probe_check DB POSITION [OPTIONS]
 * Exit status: 0, or the retro_status of the failed call (1 for retro_open
 * and usage), with the message on stderr. */
#include <stdio.h>
#include <stdlib.h>

#include "retro/c/retro.h"

int main(int argc, char** argv) {
  char error[512];
  char json[65536];
  const char* options = argc > 3 ? argv[3] : NULL;
  retro_db* db;
  double value = 0;
  int status;
  if (argc < 3 || argc > 4) {
    fprintf(stderr, "usage: probe_check DB POSITION [OPTIONS]\n");
    return 1;
  }
  db = retro_open(argv[1], error, sizeof error);
  if (db == NULL) {
    fprintf(stderr, "probe_check: %s\n", error);
    return 1;
  }
  status = retro_probe_json(db, argv[2], options, json, sizeof json);
  if (status == RETRO_OK) status = retro_probe_value(db, argv[2], options, &value);
  if (status != RETRO_OK) {
    fprintf(stderr, "probe_check: %s\n", retro_last_error());
    retro_close(db);
    return status;
  }
  printf("%s\n%.17g\n", json, value);
  retro_close(db);
  return 0;
}
