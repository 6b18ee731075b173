/* The C API of retro: open an endgame database built by `retro solve` and
 * probe it from C, or from any language with a C foreign-function interface.
 * Link with libretro_c (pkg-config: retro; CMake: retro::c). The database's
 * game plugin is loaded the way `retro` loads it (docs/probing.md).
 *
 * Every function is safe to call with any arguments: bad input gives an
 * error code and a one-line message, never a crash and never a write past a
 * buffer. This header is C99 and C++.
 */
#ifndef RETRO_C_RETRO_H_
#define RETRO_C_RETRO_H_

#include <stddef.h>

#if defined(_WIN32)
#define RETRO_C_API
#else
#define RETRO_C_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* An open database: its file, its game's plugin and the plugin's reader.
 * Opaque; made by retro_open, destroyed by retro_close. */
typedef struct retro_db retro_db;

/* What the probe functions return: RETRO_OK (0) or one of the errors. */
typedef enum retro_status {
  RETRO_OK = 0,
  /* A required pointer is NULL, or an output buffer has size 0. */
  RETRO_ERROR_BAD_ARGUMENT = 1,
  /* The handle is NULL, was closed, or is no handle of this library. */
  RETRO_ERROR_BAD_HANDLE = 2,
  /* The position is empty, not in the game's notation, or not in the
   * database (e.g. more seeds or pieces than it holds). */
  RETRO_ERROR_BAD_POSITION = 3,
  /* The options are malformed, name no probe parameter of the game, or give
   * one a value it does not take. */
  RETRO_ERROR_BAD_OPTION = 4,
  /* The answer does not fit in the output buffer; the message says how many
   * bytes it needs. */
  RETRO_ERROR_BUFFER_TOO_SMALL = 5,
  /* The game's probe answer holds no number (retro_probe_value only). */
  RETRO_ERROR_NO_VALUE = 6,
  /* Anything else: out of memory, a plugin failure. */
  RETRO_ERROR_INTERNAL = 7
} retro_status;

/* retro_probe_value's encoding of a win/draw/loss result: a win in d plies
 * is RETRO_WDL_WIN - d, a loss in d plies -(RETRO_WDL_WIN - d), a draw 0,
 * so that a larger value is better for the side to move. */
#define RETRO_WDL_WIN 1000000.0

/* retro_version
 * What: the version of this library, e.g. "0.1.0".
 * Parameters: none.
 * Returns: a static NUL-terminated string; never NULL, never to be freed.
 * Errors: none.
 * Thread safety: safe from any thread.
 * Cost: constant. */
RETRO_C_API const char* retro_version(void);

/* retro_open
 * What: opens the database file at `path` (any game's), loads its game's
 *   plugin and checks the file as `retro probe` does: the plugin's ABI and
 *   data version, the layout, every slice checksum. Plugins are searched in
 *   the RETRO_PLUGIN_PATH entries (colon-separated), then in `retro/` beside
 *   this library (the installed lib/retro), then beside this library (a
 *   build tree); the first retro_<game>.so found is used.
 * Parameters: path: the database file (NUL-terminated). error, error_size:
 *   a buffer receiving a one-line reason on failure (NUL-terminated,
 *   truncated to fit); error may be NULL when error_size is 0.
 * Returns: a new handle, to be released with retro_close; NULL on failure.
 * Errors: NULL or empty path, a missing, unreadable or non-regular file, a
 *   file that is no retro database or is damaged, a game whose plugin is not
 *   installed or was built for another ABI or data version.
 * Thread safety: safe from any thread, also while other threads probe
 *   other handles; each call makes its own handle.
 * Cost: reads and checksums the whole file (about as long as reading it
 *   once from disk) and loads the plugin; open once, probe many times. A
 *   file of up to 1 GiB (RETRO_DATABASE_READ_LIMIT_MB changes the limit) is
 *   held in the process's memory, so that nothing done to the file later
 *   changes the answers; a larger one is mapped (docs/probing.md). */
RETRO_C_API retro_db* retro_open(const char* path, char* error, size_t error_size);

/* retro_open_with_plugins
 * What: retro_open, with the directory `plugin_dir` searched for the
 *   game's plugin before all others.
 * Parameters: as retro_open; plugin_dir: a directory, or NULL (then it is
 *   retro_open).
 * Returns, errors, thread safety, cost: as retro_open. */
RETRO_C_API retro_db* retro_open_with_plugins(const char* path, const char* plugin_dir,
                                              char* error, size_t error_size);

/* retro_probe_json
 * What: probes `position` and writes exactly the JSON object that
 *   `retro probe --db FILE --position P --json` prints as its "result"
 *   (docs/json.md): the position's value and each legal move's.
 * Parameters: db: an open handle. position: the position in the game's
 *   notation (retro games lists it). options: the game's probe parameters
 *   as "key=value,key=value" (e.g. "plies-left=3" for oware, "roll=6-5" for
 *   plakoto), or NULL or "" for their defaults. out, out_size: the buffer
 *   receiving the NUL-terminated JSON, or on error the message (truncated
 *   to fit).
 * Returns: RETRO_OK, or an error code (retro_status).
 * Errors: RETRO_ERROR_BAD_ARGUMENT (position or out NULL, out_size 0),
 *   RETRO_ERROR_BAD_HANDLE, RETRO_ERROR_BAD_POSITION, RETRO_ERROR_BAD_OPTION,
 *   RETRO_ERROR_BUFFER_TOO_SMALL (the message names the size needed),
 *   RETRO_ERROR_INTERNAL (also for a mapped file truncated on disk while
 *   open: "... was truncated on disk while open", for every later probe).
 * Thread safety: one handle may be probed from any number of threads at
 *   once, beside retro_open and retro_close of other handles (no lock is
 *   held across a probe); retro_close of this handle waits for probes in
 *   progress.
 * Cost: one lookup per legal move and one for the position (memory reads of
 *   the database, held in memory or mapped) plus formatting: microseconds. */
RETRO_C_API int retro_probe_json(retro_db* db, const char* position, const char* options,
                                 char* out, size_t out_size);

/* retro_probe_value
 * What: probes `position` and gives its value as a number, for the side to
 *   move: oware, the net score (seeds it gains minus the opponent's);
 *   win/draw/loss games (surakarta, tictactoe), RETRO_WDL_WIN - d for a win
 *   in d plies, -(RETRO_WDL_WIN - d) for a loss in d plies, 0 for a draw;
 *   chance games (plakoto), the expectation (expected turns).
 * Parameters: db, position, options: as retro_probe_json. value: receives
 *   the value; left unchanged on error.
 * Returns: RETRO_OK, or an error code; retro_last_error() gives its message.
 * Errors: as retro_probe_json, without RETRO_ERROR_BUFFER_TOO_SMALL;
 *   RETRO_ERROR_BAD_ARGUMENT also for a NULL value; RETRO_ERROR_NO_VALUE
 *   when the game's answer holds no number.
 * Thread safety: as retro_probe_json.
 * Cost: as retro_probe_json (it probes and reads the value from the JSON). */
RETRO_C_API int retro_probe_value(retro_db* db, const char* position, const char* options,
                                  double* value);

/* retro_last_error
 * What: the message of the last failed call of this library on the calling
 *   thread (retro_open, retro_probe_json, retro_probe_value).
 * Parameters: none.
 * Returns: a NUL-terminated one-line message, "" when no call failed yet;
 *   valid until the thread's next failed call (successful calls leave it).
 * Errors: none.
 * Thread safety: per thread.
 * Cost: constant. */
RETRO_C_API const char* retro_last_error(void);

/* retro_close
 * What: closes a handle from retro_open, releasing the file and the plugin.
 *   Later calls with the handle fail with RETRO_ERROR_BAD_HANDLE, as long as
 *   no newer handle has been given the same address.
 * Parameters: db: the handle; NULL, or an already closed handle, is ignored.
 * Returns: nothing.
 * Errors: none.
 * Thread safety: safe from any thread, also while other threads probe this
 *   handle or others. Probes of this handle in progress end normally and
 *   retro_close returns once they have; a probe that starts after
 *   retro_close began is refused with RETRO_ERROR_BAD_HANDLE (see the
 *   caveat above on reused addresses).
 * Cost: waits for the handle's probes in progress (microseconds each), then
 *   releases the file and unloads the plugin: microseconds. */
RETRO_C_API void retro_close(retro_db* db);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RETRO_C_RETRO_H_ */
