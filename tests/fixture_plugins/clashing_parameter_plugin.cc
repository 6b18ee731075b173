// A test-only plugin whose description breaks the host's rules (retro/
// game_description_check.h): a solve parameter named like the host's own
// --threads. The loader must refuse it, naming the parameter, before any
// command reads options by it; its other methods are never reached.
#include <memory>

#include "absl/status/status.h"
#include "retro/game_module.h"
#include "retro/plugin.h"

namespace retro::clash {

class ClashingModule : public GameModule {
 public:
  ClashingModule() {
    description_.name = "clash";
    description_.summary = "test plugin: a solve parameter named like a host option";
    description_.solve_parameters = {{"threads", "N", "clashes with retro's --threads", "1", {}}};
  }
  const GameDescription& Describe() const override { return description_; }
  absl::StatusOr<SolvePlan> Plan(const ParameterValues&, const PlanContext&) const override {
    return absl::InternalError("the clash plugin must never be used");
  }
  absl::Status Solve(const ParameterValues&, const WorkContext&, DatabaseBuilder&) override {
    return absl::InternalError("the clash plugin must never be used");
  }
  absl::StatusOr<std::unique_ptr<OpenDatabase>> Open(const DatabaseFile&) override {
    return absl::InternalError("the clash plugin must never be used");
  }

 private:
  GameDescription description_;
};

std::unique_ptr<GameModule> CreateClashingModule() { return std::make_unique<ClashingModule>(); }

}  // namespace retro::clash

RETRO_PLUGIN(retro::clash::CreateClashingModule)
