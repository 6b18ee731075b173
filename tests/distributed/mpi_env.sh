# Sourced by the MPI test scripts (bash): `. mpi_env.sh SESSION_DIR`. Lets
# mpirun run as root (CI containers), gives MPIRUN_FLAGS for more ranks
# than cores with threads unpinned, and gives Open MPI a session directory
# of the test's own in SESSION_DIR: mpiruns started at the same moment
# (ctest --parallel) otherwise race on the shared one under /tmp.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN_FLAGS="--oversubscribe --bind-to none"
rm -rf "$1" && mkdir -p "$1"
export OMPI_MCA_orte_tmpdir_base="$1"
