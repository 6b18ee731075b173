// A test-only library that looks like a retro plugin but declares another
// ABI version: the loader must refuse it before calling anything in it.
#include <cstdint>
#include <memory>

#include "boost/dll/alias.hpp"

namespace wrong_abi {
const std::uint32_t abi_version = 999;
void* Factory() { __builtin_trap(); }
}  // namespace wrong_abi

BOOST_DLL_ALIAS(wrong_abi::abi_version, retro_plugin_abi)
BOOST_DLL_ALIAS(wrong_abi::Factory, retro_plugin_factory)
