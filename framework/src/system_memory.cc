// Implementation of AvailableMemoryBytes.
#include "retro/system_memory.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace retro {

uint64_t AvailableMemoryBytes() {
  uint64_t available = 0;
  if (FILE* f = std::fopen("/proc/meminfo", "r")) {
    char line[256];
    while (std::fgets(line, sizeof(line), f)) {
      unsigned long long kib = 0;
      if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
        available = static_cast<uint64_t>(kib) * 1024;
        break;
      }
    }
    std::fclose(f);
  }
  if (const char* limit = std::getenv("RETRO_MEMORY_LIMIT_MB")) {
    char* end = nullptr;
    const unsigned long long mb = std::strtoull(limit, &end, 10);
    if (end != limit && *end == '\0') {
      const uint64_t cap = static_cast<uint64_t>(mb) << 20;
      if (available == 0 || cap < available) available = cap;
    }
  }
  return available;
}

}  // namespace retro
