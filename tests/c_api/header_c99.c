/* Compiled as strict C99 into the C API test: retro/c/retro.h must be a
 * valid C header, its types and constants usable from C. */
#include "retro/c/retro.h"

#include <string.h>

int retro_c_header_compiles_as_c99(void) {
  retro_db* db = NULL;
  retro_status status = RETRO_ERROR_BAD_HANDLE;
  char out[64];
  double value = RETRO_WDL_WIN;
  out[0] = '\0';
  if (retro_probe_json(db, "x", NULL, out, sizeof out) != (int)status) return 0;
  if (retro_probe_value(db, "x", NULL, &value) != (int)status) return 0;
  if (value != RETRO_WDL_WIN) return 0;
  return strlen(retro_version()) > 0 && strlen(out) > 0;
}
