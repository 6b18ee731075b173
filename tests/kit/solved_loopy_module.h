// A loopy win/draw/loss kit module of test rules, solved into a database
// held in memory and opened, for the kit tests that compare its records
// with a brute force (extra_turns_test.cc).
#ifndef TESTS_KIT_SOLVED_LOOPY_MODULE_H_
#define TESTS_KIT_SOLVED_LOOPY_MODULE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "retro/database.h"
#include "retro/kit/loopy_wdl_module.h"
#include "retro/plugin.h"

namespace retro::testing {

// MakeLoopyWdlModule<R>(info), planned, solved on two threads and opened.
template <typename R>
class SolvedLoopyModule {
 public:
  explicit SolvedLoopyModule(kit::GameInfo info)
      : name_(info.name), pool_(2), context_{&pool_, &progress_} {
    module_ = kit::MakeLoopyWdlModule<R>(std::move(info));
    absl::StatusOr<SolvePlan> plan = module_->Plan({}, {});
    EXPECT_TRUE(plan.ok()) << plan.status();
    if (plan.ok()) plan_ = *plan;
    const absl::Status solved = module_->Solve({}, context_, builder_);
    EXPECT_TRUE(solved.ok()) << solved;
    bytes_ = SerializeDatabase({name_, kPluginAbiVersion, 1, builder_.codec()}, builder_);
    absl::StatusOr<std::unique_ptr<DatabaseFile>> file =
        DatabaseFile::FromBytes(bytes_, /*verify_slices=*/false);
    EXPECT_TRUE(file.ok()) << file.status();
    file_ = std::move(*file);
    absl::StatusOr<std::unique_ptr<OpenDatabase>> db = module_->Open(*file_);
    EXPECT_TRUE(db.ok()) << db.status();
    db_ = std::move(*db);
  }

  GameModule& module() { return *module_; }
  OpenDatabase& db() { return *db_; }
  const SolvePlan& plan() const { return plan_; }
  const DatabaseBuilder& builder() const { return builder_; }
  // The records of slice `slice`, one byte each.
  std::span<const uint8_t> records(int slice = 0) const { return file_->SliceBytes(slice); }
  const WorkContext& context() const { return context_; }
  // Probe's text and one-line answer for `text`, joined by a newline.
  std::string ProbeLine(const std::string& text) {
    absl::StatusOr<Report> report = db_->Probe(text, {});
    EXPECT_TRUE(report.ok()) << report.status();
    return report.ok() ? report->text + "\n" + report->line : "";
  }

 private:
  std::string name_;
  std::unique_ptr<GameModule> module_;
  ThreadPool pool_;
  Progress progress_;
  WorkContext context_;
  SolvePlan plan_;
  DatabaseBuilder builder_;
  std::vector<uint8_t> bytes_;
  std::unique_ptr<DatabaseFile> file_;
  std::unique_ptr<OpenDatabase> db_;
};

}  // namespace retro::testing

#endif  // TESTS_KIT_SOLVED_LOOPY_MODULE_H_
