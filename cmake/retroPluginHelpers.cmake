# retro_add_plugin(NAME [NO_INSTALL] SOURCES...): builds the game plugin
# module retro_<NAME>.so (CMake target retro_plugin_<NAME>) from SOURCES,
# linked against retro::framework with -Wl,--no-undefined so that a missing
# symbol fails at link time rather than when retro loads the plugin.
# Unless NO_INSTALL is given, `cmake --install` puts it in
# RETRO_PLUGIN_INSTALL_DIR (default: <libdir>/retro, where an installed
# `retro` looks for plugins).
#
# Used by retro's own build (framework/CMakeLists.txt includes this file)
# and shipped in the CMake package: after find_package(retro), a plugin
# built out of tree calls the same function. docs/writing-a-plugin.md.
include_guard(GLOBAL)
include(GNUInstallDirs)

if(NOT DEFINED RETRO_PLUGIN_INSTALL_DIR)
  set(RETRO_PLUGIN_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/retro)
endif()

function(retro_add_plugin name)
  cmake_parse_arguments(ARG "NO_INSTALL" "" "" ${ARGN})
  if(NOT ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "retro_add_plugin(${name}): no source files given")
  endif()
  add_library(retro_plugin_${name} MODULE ${ARG_UNPARSED_ARGUMENTS})
  # The plugin finds libretro_framework in the directory above it once
  # installed (<prefix>/lib/retro/retro_<name>.so -> <prefix>/lib); when
  # `retro` loads it, the host's copy is already in the process anyway.
  set_target_properties(retro_plugin_${name} PROPERTIES
    PREFIX "" OUTPUT_NAME retro_${name} INSTALL_RPATH "$ORIGIN/..")
  target_link_libraries(retro_plugin_${name} PRIVATE retro::framework)
  target_link_options(retro_plugin_${name} PRIVATE -Wl,--no-undefined)
  if(NOT ARG_NO_INSTALL)
    install(TARGETS retro_plugin_${name}
      LIBRARY DESTINATION ${RETRO_PLUGIN_INSTALL_DIR})
  endif()
endfunction()
