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
#include <stdint.h>

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
  /* The game offers no value probe, or no binary form (the value and
   * cells functions only). */
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
 *   data version, the header and slice table, every slice checksum, and
 *   each slice's layout (an oware book's on the slice's first probe: a
 *   probe of a damaged slice fails with RETRO_ERROR_INTERNAL naming it). Plugins are searched in
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
 *   once from disk) and loads the plugin; open once, probe many times.
 *   An oware book's slices pass their layout check on first use, so a
 *   large book opens in well under a second. A
 *   file of up to 256 MiB (RETRO_DATABASE_READ_LIMIT_MB changes the limit) is
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
 * What: the value of `position` for the side to move, as a number, read
 *   without the move list (the game's typed value probe): oware, the net
 *   score (seeds it gains minus the opponent's); win/draw/loss games
 *   (surakarta, tictactoe), RETRO_WDL_WIN - d for a win in d plies,
 *   -(RETRO_WDL_WIN - d) for a loss in d plies, 0 for a draw; chance games
 *   (plakoto), the expectation (expected turns). The same value
 *   retro_probe_json's answer gives.
 * Parameters: db, position, options: as retro_probe_json. value: receives
 *   the value; left unchanged on error.
 * Returns: RETRO_OK, or an error code; retro_last_error() gives its message.
 * Errors: as retro_probe_json, without RETRO_ERROR_BUFFER_TOO_SMALL;
 *   RETRO_ERROR_BAD_ARGUMENT also for a NULL value; RETRO_ERROR_NO_VALUE
 *   when the game's plugin offers no value probe.
 * Thread safety: as retro_probe_json.
 * Cost: the game's parse of the position and one lookup (about 100 to 300
 *   ns warm); the options are read once per handle and distinct options
 *   string, not per call. The first value probe of an oware book's slice
 *   indexes its final values (2 bytes a board, decoded once: milliseconds
 *   for a 9-seed book), so that later lookups read no list. */
RETRO_C_API int retro_probe_value(retro_db* db, const char* position, const char* options,
                                  double* value);

/* retro_probe_values
 * What: retro_probe_value of `count` positions at once.
 * Parameters: db, options: as retro_probe_value. positions: `count`
 *   NUL-terminated positions (may be NULL when count is 0). values: room
 *   for `count` values; values[i] is left unchanged when position i fails.
 *   statuses: NULL, or room for `count` codes: statuses[i] receives
 *   position i's RETRO_OK or error code.
 * Returns: RETRO_OK when every position has a value, else the code of the
 *   first that failed (retro_last_error names its index: "position 7: ...").
 * Errors: per position as retro_probe_value (a NULL position is its
 *   RETRO_ERROR_BAD_ARGUMENT); for the call, RETRO_ERROR_BAD_ARGUMENT (NULL
 *   positions or values with count > 0), RETRO_ERROR_BAD_HANDLE,
 *   RETRO_ERROR_BAD_OPTION (then nothing is written).
 * Thread safety: as retro_probe_json.
 * Cost: as retro_probe_value a position, less the call's overhead. */
RETRO_C_API int retro_probe_values(retro_db* db, const char* const* positions, size_t count,
                                   const char* options, double* values, int* statuses);

/* The binary position form: a position as a fixed number of 32-bit
 * integers (retro_position_cells gives how many), read without text:
 *   oware (12 integers): the house counts in the text's order, the
 *     mover's 6 then the opponent's, e.g. {0,0,0,1,0,0, 0,0,0,0,0,1};
 *   surakarta (37): the squares a1..f1, a2..f2, ..., a6..f6 (the text's
 *     order), each 0 (empty), 1 (X) or 2 (O), then the side to move, 1 (X)
 *     or 2 (O).
 * Other games (plakoto, tictactoe) have none: their calls fail with
 * RETRO_ERROR_NO_VALUE. An integer out of range, or another count, is
 * RETRO_ERROR_BAD_POSITION naming it. */

/* retro_position_cells
 * What: how many integers a position of db's game has in the binary form.
 * Parameters: db: an open handle. count: receives the number, 0 when the
 *   game has no binary form.
 * Returns: RETRO_OK, or RETRO_ERROR_BAD_ARGUMENT (NULL count),
 *   RETRO_ERROR_BAD_HANDLE.
 * Thread safety: as retro_probe_json. Cost: constant. */
RETRO_C_API int retro_position_cells(retro_db* db, size_t* count);

/* retro_probe_value_cells
 * What: retro_probe_value of a position in the binary form.
 * Parameters: db, options, value: as retro_probe_value. cells, cell_count:
 *   the position's integers (cell_count must be the game's count).
 * Returns, errors: as retro_probe_value (RETRO_ERROR_BAD_ARGUMENT for NULL
 *   cells).
 * Thread safety: as retro_probe_json.
 * Cost: one lookup, no text: tens of nanoseconds warm. */
RETRO_C_API int retro_probe_value_cells(retro_db* db, const int32_t* cells, size_t cell_count,
                                        const char* options, double* value);

/* retro_probe_values_cells
 * What: retro_probe_value_cells of `count` positions at once.
 * Parameters: db, options, values, statuses: as retro_probe_values. cells:
 *   count * cells_per_position integers, position after position.
 * Returns, errors: as retro_probe_values (a wrong cells_per_position fails
 *   every position with RETRO_ERROR_BAD_POSITION).
 * Thread safety: as retro_probe_json. Cost: as retro_probe_value_cells a
 *   position, less the call's overhead. */
RETRO_C_API int retro_probe_values_cells(retro_db* db, const int32_t* cells,
                                         size_t cells_per_position, size_t count,
                                         const char* options, double* values, int* statuses);

/* retro_last_error
 * What: the message of the last failed call of this library on the calling
 *   thread (any function above that returns an error code or NULL).
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
