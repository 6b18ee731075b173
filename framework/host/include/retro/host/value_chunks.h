// Answering many positions through a ValueProbe (retro/value_probe.h) the
// way every outlet does (the C API's batch calls, the Python module's
// values_many): in chunks small enough for their answers to stay on the
// stack, all inside one guarded read of the database
// (DatabaseSession::Read), each answer handed on as it comes.
#ifndef RETRO_HOST_VALUE_CHUNKS_H_
#define RETRO_HOST_VALUE_CHUNKS_H_

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <span>

#include "absl/status/status.h"
#include "retro/host/database_session.h"
#include "retro/value_probe.h"

namespace retro {

// Positions answered per chunk: enough to amortise the guarded read, few
// enough for the answers to stay on the stack.
inline constexpr size_t kValueChunk = 256;

// Room for kValueChunk answers on the stack, of which only those in use
// are constructed (a call for one position builds one answer, not 256).
class ValueAnswerBuffer {
 public:
  ValueAnswerBuffer() = default;
  ValueAnswerBuffer(const ValueAnswerBuffer&) = delete;
  ValueAnswerBuffer& operator=(const ValueAnswerBuffer&) = delete;
  ~ValueAnswerBuffer() { Clear(); }

  // `n` <= kValueChunk fresh answers.
  std::span<ValueAnswer> Take(size_t n) {
    Clear();
    std::uninitialized_value_construct_n(data(), n);
    size_ = n;
    return {data(), n};
  }

 private:
  void Clear() {
    std::destroy_n(data(), size_);
    size_ = 0;
  }
  ValueAnswer* data() { return std::launder(reinterpret_cast<ValueAnswer*>(bytes_)); }

  alignas(ValueAnswer) unsigned char bytes_[kValueChunk * sizeof(ValueAnswer)];
  size_t size_ = 0;
};

// Answers positions 0..count-1 of `session`'s database: answer(first, out)
// fills `out` with the answers of positions first .. first + out.size() - 1
// (a ValueProbe's Values or ValuesOfCells of that part), then take(i,
// answer) is called for each, in order. One position is answered into a
// single local answer (a probe at every node of a search pays for no
// buffer).
//   Returns: OK, or the guarded read's error (a mapped file truncated on
//     disk): then some answers may not have been taken.
//   Thread safety: as the probe's. Cost: the answers, and one guarded read.
template <typename Answer, typename Take>
absl::Status ReadValueChunks(const DatabaseSession& session, size_t count, Answer answer,
                             Take take) {
  // (The chunks in a call of their own: the single position's frame
  // stays small, without the buffer's 6 KiB.)
  const auto chunks = [&]() __attribute__((noinline)) {
    ValueAnswerBuffer answers;
    for (size_t first = 0; first < count; first += kValueChunk) {
      const std::span<ValueAnswer> out = answers.Take(std::min(kValueChunk, count - first));
      answer(first, out);
      for (size_t i = 0; i < out.size(); ++i) take(first + i, out[i]);
    }
  };
  return session.Read([&]() -> absl::Status {
    if (count == 1) {
      ValueAnswer one;
      answer(size_t{0}, std::span<ValueAnswer>(&one, 1));
      take(size_t{0}, one);
    } else {
      chunks();
    }
    return absl::OkStatus();
  });
}

}  // namespace retro

#endif  // RETRO_HOST_VALUE_CHUNKS_H_
