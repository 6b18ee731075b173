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
  # A plugin is mostly the kits' templates compiled into it: unoptimised, a
  # solve runs ten times slower or more. In a build that names no build
  # type the plugin alone is optimised (-O2); the project's other targets,
  # and its build type, are left as they are.
  target_compile_options(retro_plugin_${name} PRIVATE
    $<$<AND:$<STREQUAL:$<CONFIG>,>,$<NOT:$<BOOL:${CMAKE_CONFIGURATION_TYPES}>>>:-O2>)
  # (Not under clang's sanitizers: their runtime is linked into the
  # executable only, and a plugin finds it there when loaded.)
  if(NOT (RETRO_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang"))
    target_link_options(retro_plugin_${name} PRIVATE -Wl,--no-undefined)
  endif()
  if(NOT ARG_NO_INSTALL)
    install(TARGETS retro_plugin_${name}
      LIBRARY DESTINATION ${RETRO_PLUGIN_INSTALL_DIR})
  endif()
endfunction()

# The comparison script retro_add_game_tests runs (shipped next to this file).
set(_RETRO_COMPARE_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/retroCompareWithBruteForce.cmake
    CACHE INTERNAL "retro_add_game_tests' comparison script")

# retro_add_game_tests(GAME <game> PLUGIN <plugin target>
#                      [PARAMETERS <solve options>...]
#                      [BRUTE_FORCE <target> | <command> [<argument>...]]
#                      [RELATIVE_TOLERANCE <r>] [SAMPLE <n>])
# adds CTest tests of a game plugin, run with the `retro` that the plugin was
# built against (retro's own build, or the installed one found by
# find_package(retro)):
#   <game>_check        `retro check --game <game> <PARAMETERS>`: the
#                       framework's contract checker (indexer bijection,
#                       notation round trip, moves against take-backs,
#                       terminal values); SAMPLE positions per slice
#                       (default: the checker's default).
#   <game>_brute_force  (with BRUTE_FORCE, which is optional) solves the game
#                       with <PARAMETERS> into a scratch folder and compares
#                       it with `retro compare` against the output of the
#                       author's own brute force, run with <PARAMETERS>
#                       appended to its command line (so that the game's
#                       parameters are written once): an executable target,
#                       or any command, e.g. a script
#                       (BRUTE_FORCE python3 ${CMAKE_CURRENT_SOURCE_DIR}/bf.py).
#                       It prints one line per position, the position as
#                       the game's notation formats it, a tab, and the first
#                       fields of `retro probe`'s one-line answer after the
#                       position:
#                         loopy win/draw/loss  "<win|draw|loss> <plies>",
#                                              e.g. "x.o/.x./..o<TAB>draw 5"
#                         finite horizon       "t=<plies left> value=<v>",
#                                              any t: each line is compared
#                                              at its own plies left
#                         chance               the kit's named values, e.g.
#                                              "D=3.27272727273"
#                       Fields compare as text; decimal numbers may differ by
#                       RELATIVE_TOLERANCE (default 1e-9) of the larger
#                       magnitude (absolute below 1). Every listed position
#                       must match; the first mismatch is shown.
# Enable testing (enable_testing() or include(CTest)) before calling it.
function(retro_add_game_tests)
  cmake_parse_arguments(ARG "" "GAME;PLUGIN;SAMPLE;RELATIVE_TOLERANCE" "PARAMETERS;BRUTE_FORCE"
                        ${ARGN})
  if(NOT ARG_GAME OR NOT ARG_PLUGIN)
    message(FATAL_ERROR "retro_add_game_tests: GAME and PLUGIN are required")
  endif()
  if(TARGET retro)
    set(retro_exe $<TARGET_FILE:retro>)
  elseif(DEFINED RETRO_EXECUTABLE)
    set(retro_exe ${RETRO_EXECUTABLE})
  else()
    message(FATAL_ERROR "retro_add_game_tests: no `retro` executable (find_package(retro) first)")
  endif()
  set(plugin_dir $<TARGET_FILE_DIR:${ARG_PLUGIN}>)
  set(sample)
  if(DEFINED ARG_SAMPLE)
    set(sample --sample ${ARG_SAMPLE})
  endif()
  add_test(NAME ${ARG_GAME}_check
    COMMAND ${retro_exe} check --game ${ARG_GAME} ${ARG_PARAMETERS} ${sample}
            --plugin-dir ${plugin_dir})
  if(ARG_BRUTE_FORCE)
    string(REPLACE ";" "\\;" parameters "${ARG_PARAMETERS}")
    # A target's file, or the command as given.
    list(GET ARG_BRUTE_FORCE 0 brute_force_first)
    if(TARGET ${brute_force_first})
      list(REMOVE_AT ARG_BRUTE_FORCE 0)
      list(PREPEND ARG_BRUTE_FORCE $<TARGET_FILE:${brute_force_first}>)
    endif()
    string(REPLACE ";" "\\;" brute_force "${ARG_BRUTE_FORCE}")
    add_test(NAME ${ARG_GAME}_brute_force
      COMMAND ${CMAKE_COMMAND} -DRETRO=${retro_exe} -DGAME=${ARG_GAME}
              "-DPARAMETERS=${parameters}" -DPLUGIN_DIR=${plugin_dir}
              "-DBRUTE_FORCE=${brute_force}"
              -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/retro_game_tests/${ARG_GAME}
              -DRELATIVE_TOLERANCE=${ARG_RELATIVE_TOLERANCE}
              -P ${_RETRO_COMPARE_SCRIPT})
  endif()
endfunction()
