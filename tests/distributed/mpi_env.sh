# Sourced by the MPI test scripts: lets mpirun run as root (CI containers),
# and gives MPIRUN_FLAGS for more ranks than cores with threads unpinned.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN_FLAGS="--oversubscribe --bind-to none"
