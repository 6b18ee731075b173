// Tests of AvailableMemoryUnder: MemAvailable, cgroup v2 and v1 limits read
// from a simulated /proc and /sys/fs/cgroup in a scratch folder.
#include "retro/system_memory.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace retro {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

// A scratch folder standing in for the file system root.
class FakeRoot {
 public:
  FakeRoot() {
    root_ = std::filesystem::temp_directory_path() /
            ("retro-memory-test-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
  }
  ~FakeRoot() { std::filesystem::remove_all(root_); }
  void Write(const std::string& path, const std::string& text) {
    const std::filesystem::path file = root_ / path;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }
  std::string path() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

class SystemMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override { unsetenv("RETRO_MEMORY_LIMIT_MB"); }
  FakeRoot root_;
};

TEST_F(SystemMemoryTest, MemAvailableWithoutCgroup) {
  root_.Write("proc/meminfo", "MemTotal: 16777216 kB\nMemAvailable:    8388608 kB\n");
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  EXPECT_EQ(limit.bytes, 8192 * kMiB);
  EXPECT_EQ(limit.source, "MemAvailable");
  EXPECT_EQ(limit.Note(), " (MemAvailable)");
}

TEST_F(SystemMemoryTest, CgroupV2LimitAboveTheProcessCounts) {
  root_.Write("proc/meminfo", "MemAvailable: 8388608 kB\n");
  root_.Write("proc/self/cgroup", "0::/job/step\n");
  root_.Write("sys/fs/cgroup/job/memory.max", "1073741824\n");
  root_.Write("sys/fs/cgroup/job/memory.current", "268435456\n");
  root_.Write("sys/fs/cgroup/job/step/memory.max", "max\n");
  root_.Write("sys/fs/cgroup/job/step/memory.current", "1048576\n");
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  EXPECT_EQ(limit.bytes, 768 * kMiB);
  EXPECT_EQ(limit.Note(), " (the cgroup's memory.max)");
}

TEST_F(SystemMemoryTest, CgroupV2LimitAboveAvailableMemoryDoesNotCount) {
  root_.Write("proc/meminfo", "MemAvailable: 1048576 kB\n");
  root_.Write("proc/self/cgroup", "0::/\n");
  root_.Write("sys/fs/cgroup/memory.max", "4294967296\n");
  root_.Write("sys/fs/cgroup/memory.current", "0\n");
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  EXPECT_EQ(limit.bytes, 1024 * kMiB);
  EXPECT_EQ(limit.source, "MemAvailable");
}

TEST_F(SystemMemoryTest, CgroupV1Limit) {
  root_.Write("proc/meminfo", "MemAvailable: 8388608 kB\n");
  root_.Write("proc/self/cgroup", "5:cpu,cpuacct:/slurm\n4:memory:/slurm/job_7\n");
  root_.Write("sys/fs/cgroup/memory/slurm/job_7/memory.limit_in_bytes", "536870912\n");
  root_.Write("sys/fs/cgroup/memory/slurm/job_7/memory.usage_in_bytes", "134217728\n");
  root_.Write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  EXPECT_EQ(limit.bytes, 384 * kMiB);
  EXPECT_EQ(limit.source, "the cgroup's memory.limit_in_bytes");
}

TEST_F(SystemMemoryTest, EnvironmentCapIsTheSmallest) {
  root_.Write("proc/meminfo", "MemAvailable: 8388608 kB\n");
  root_.Write("proc/self/cgroup", "0::/job\n");
  root_.Write("sys/fs/cgroup/job/memory.max", "1073741824\n");
  setenv("RETRO_MEMORY_LIMIT_MB", "100", 1);
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  unsetenv("RETRO_MEMORY_LIMIT_MB");
  EXPECT_EQ(limit.bytes, 100 * kMiB);
  EXPECT_EQ(limit.source, "RETRO_MEMORY_LIMIT_MB");
}

TEST_F(SystemMemoryTest, NothingReadable) {
  const MemoryLimit limit = AvailableMemoryUnder(root_.path());
  EXPECT_EQ(limit.bytes, 0u);
  EXPECT_EQ(limit.Note(), "");
}

TEST_F(SystemMemoryTest, SystemRootEnvironmentVariable) {
  root_.Write("proc/meminfo", "MemAvailable: 2097152 kB\n");
  setenv("RETRO_SYSTEM_ROOT", root_.path().c_str(), 1);
  const MemoryLimit limit = AvailableMemory();
  unsetenv("RETRO_SYSTEM_ROOT");
  EXPECT_EQ(limit.bytes, 2048 * kMiB);
}

}  // namespace
}  // namespace retro
