// The export capability's key function and format lookup (retro/export.h).
#include "retro/export.h"

namespace retro {

ExportCapability::~ExportCapability() = default;

const ExportFormat* FindExportFormat(const ExportDescription& description,
                                     std::string_view name) {
  for (const ExportFormat& format : description.formats) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

}  // namespace retro
