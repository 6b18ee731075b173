// The JSON form of a verify result: what `retro verify --json` reports as
// its result and what the Python module's Database.verify returns, made in
// one place so that the two cannot drift apart.
#ifndef RETRO_HOST_VERIFY_REPORT_H_
#define RETRO_HOST_VERIFY_REPORT_H_

#include <string>

#include "retro/game_module.h"
#include "retro/json_writer.h"

namespace retro {

// One JSON object on one line:
//   {"checksums":"ok","records_checked":N,"mismatches":N,
//    "first_mismatch":"..." or null,"seconds":x}
// `checksums` is always "ok": a database whose checksums fail does not
// open, so no VerifyResult exists for it. `first_mismatch` is null when
// every record matched. `seconds` is the wall time the caller measured.
std::string VerifyResultJson(const VerifyResult& result, double seconds);

// The members of that object, written into an object `json` has open (for
// a caller that adds members of its own, as a distributed verify's ranks).
void WriteVerifyResultMembers(const VerifyResult& result, double seconds, JsonWriter& json);

}  // namespace retro

#endif  // RETRO_HOST_VERIFY_REPORT_H_
