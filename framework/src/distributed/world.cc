// ConnectWorld and World(): the MPI communicator when launched by mpirun
// in a build with MPI, a LocalCommunicator otherwise. The MPI communicator
// lives in the module libretro_mpi.so beside this library (framework/
// CMakeLists.txt), loaded here only when needed, so a single-process run
// never loads MPI.
#include "retro/distributed/world.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "retro/distributed/local_communicator.h"
#include "retro/status_macros.h"

namespace retro::distributed {
namespace {

LocalCommunicator& Local() {
  static LocalCommunicator* local = new LocalCommunicator();
  return *local;
}

std::unique_ptr<Communicator>& Connected() {
  static std::unique_ptr<Communicator>* connected = new std::unique_ptr<Communicator>();
  return *connected;
}

// The job size the environment announces (0: not launched as a job).
int EnvironmentJobSize() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
    int size = 0;
    if (const char* value = std::getenv(name);
        value != nullptr && absl::SimpleAtoi(value, &size) && size > 0) {
      return size;
    }
  }
  return 0;
}

#ifdef RETRO_HAVE_MPI
// Loads libretro_mpi.so from the folder of this library and joins the job.
// RTLD_GLOBAL: Open MPI's own components, which it loads in turn, need
// libmpi's symbols.
absl::StatusOr<std::unique_ptr<Communicator>> LoadMpi(int* argc, char*** argv) {
  Dl_info self{};
  if (dladdr(reinterpret_cast<void*>(&EnvironmentJobSize), &self) == 0 ||
      self.dli_fname == nullptr) {
    return absl::InternalError("cannot locate the framework library to find libretro_mpi.so");
  }
  const std::string path =
      (std::filesystem::path(self.dli_fname).parent_path() / "libretro_mpi.so").string();
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (module == nullptr) {
    return absl::UnavailableError(absl::StrCat("cannot load ", path, ": ", dlerror()));
  }
  using Connect = Communicator* (*)(int*, char***, char*, size_t);
  const auto connect = reinterpret_cast<Connect>(dlsym(module, "retro_mpi_connect"));
  if (connect == nullptr) {
    return absl::UnavailableError(absl::StrCat(path, " lacks retro_mpi_connect"));
  }
  char error[512] = "";
  Communicator* comm = connect(argc, argv, error, sizeof(error));
  if (comm == nullptr) return absl::UnavailableError(absl::StrCat("MPI: ", error));
  // The module stays loaded for the life of the process.
  return std::unique_ptr<Communicator>(comm);
}
#endif

}  // namespace

bool LaunchedAsMpiJob() { return EnvironmentJobSize() > 0; }

absl::Status ConnectWorld([[maybe_unused]] int* argc, [[maybe_unused]] char*** argv) {
  if (Connected() != nullptr || !LaunchedAsMpiJob()) return absl::OkStatus();
#ifdef RETRO_HAVE_MPI
  RETRO_ASSIGN_OR_RETURN(Connected(), LoadMpi(argc, argv));
  return absl::OkStatus();
#else
  if (EnvironmentJobSize() > 1) {
    return absl::FailedPreconditionError(absl::StrCat(
        "launched as one of ", EnvironmentJobSize(),
        " MPI ranks, but this retro was built without MPI (configure with -DRETRO_MPI=ON "
        "after ./scripts/install-deps.sh)"));
  }
  return absl::OkStatus();
#endif
}

Communicator& World() { return Connected() != nullptr ? *Connected() : Local(); }

void DisconnectWorld() { Connected().reset(); }

}  // namespace retro::distributed
