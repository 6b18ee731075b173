// Errors under MPI: a rank that fails must not leave the others waiting in
// a collective. Code that runs the same steps on every rank calls
// AgreeOnStatus at points every rank reaches, so a failure on one rank
// becomes the same error on all of them, naming the rank ("rank 1 of 3:
// ..."); the command line then reports it once (rank 0) and every rank
// exits. An error that was not agreed (IsAgreed false) is the failing
// rank's alone, and the command line ends the job with
// Communicator::Abort.
#ifndef RETRO_DISTRIBUTED_STATUS_AGREEMENT_H_
#define RETRO_DISTRIBUTED_STATUS_AGREEMENT_H_

#include "absl/status/status.h"
#include "retro/distributed/communicator.h"

namespace retro::distributed {

// Collective: OK when `status` is OK on every rank; otherwise the error of
// the lowest failing rank, its message prefixed with "rank R of N: " when
// there are several ranks, marked as agreed. With one rank, `status`
// itself (marked as agreed when it is an error).
absl::Status AgreeOnStatus(Communicator& comm, const absl::Status& status);

// True when `status` came out of AgreeOnStatus (or MarkAgreed): every rank
// holds it.
bool IsAgreed(const absl::Status& status);

// `status` marked as agreed, for a collective that has made every rank
// hold the same error by its own means (e.g. the command-line agreement of
// framework/cli/command_agreement.h).
absl::Status MarkAgreed(absl::Status status);

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_STATUS_AGREEMENT_H_
