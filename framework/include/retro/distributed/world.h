// The job this process belongs to. `retro` calls ConnectWorld once at
// start: when it was launched by mpirun (Open MPI's OMPI_COMM_WORLD_SIZE,
// or PMI's PMI_SIZE, in the environment) and built with MPI
// (-DRETRO_MPI=ON), it initialises MPI and World() is the job's
// communicator; otherwise MPI is never initialised and World() is a
// LocalCommunicator, so single-process runs pay nothing for MPI.
#ifndef RETRO_DISTRIBUTED_WORLD_H_
#define RETRO_DISTRIBUTED_WORLD_H_

#include "absl/status/status.h"
#include "retro/distributed/communicator.h"

namespace retro::distributed {

// True when the environment says this process is one rank of an MPI job
// started by mpirun (or another process manager).
bool LaunchedAsMpiJob();

// Joins the MPI job when launched as one; otherwise does nothing. Fails
// when launched as a job of several ranks by a build without MPI (every
// rank would do the whole work and write the same file).
absl::Status ConnectWorld(int* argc, char*** argv);

// The communicator of this process's job (a single rank when not connected).
Communicator& World();

// Leaves the MPI job (MPI_Finalize) if ConnectWorld joined one.
void DisconnectWorld();

}  // namespace retro::distributed

#endif  // RETRO_DISTRIBUTED_WORLD_H_
