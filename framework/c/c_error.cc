// Error messages of the C API (c_error.h).
#include "c/c_error.h"

#include <algorithm>
#include <cstring>

namespace retro::c_api {
namespace {

std::string& ThreadLastError() {
  thread_local std::string message;
  return message;
}

}  // namespace

void CopyOut(const std::string& text, char* out, size_t out_size) {
  if (out == nullptr || out_size == 0) return;
  const size_t n = std::min(text.size(), out_size - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
  std::replace_if(out, out + n, [](char c) { return c == '\n' || c == '\r'; }, ' ');
}

int Fail(const CError& error) {
  std::string& last = ThreadLastError();
  last = error.message;
  std::replace_if(last.begin(), last.end(), [](char c) { return c == '\n' || c == '\r'; },
                  ' ');
  return error.code;
}

const char* LastError() { return ThreadLastError().c_str(); }

}  // namespace retro::c_api
