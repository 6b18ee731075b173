# Run by the <game>_brute_force test of retro_add_game_tests
# (retroPluginHelpers.cmake): solves GAME with PARAMETERS into WORK_DIR, runs
# the author's BRUTE_FORCE command with PARAMETERS appended (lines
# "<position>\t<expected>") and compares the two with `retro compare`: each
# probe line must say what the brute force expects, decimal numbers within
# RELATIVE_TOLERANCE (default: retro compare's, 1e-9). Finite-horizon lines
# ("t=<plies left> value=<v>") are compared at their own plies left, one
# `retro compare --plies-left t` per t listed.
#
#   cmake -DRETRO=... -DGAME=... -DPARAMETERS=... -DPLUGIN_DIR=...
#         -DBRUTE_FORCE=... -DWORK_DIR=... [-DRELATIVE_TOLERANCE=...]
#         -P retroCompareWithBruteForce.cmake
cmake_minimum_required(VERSION 3.20)
foreach(var RETRO GAME PLUGIN_DIR BRUTE_FORCE WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "retroCompareWithBruteForce: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(db ${WORK_DIR}/${GAME}.retro)

# retro_add_game_tests writes the lists PARAMETERS and BRUTE_FORCE with
# their separators escaped (\;), which keeps each one argument of the
# test's command: lists again here, an option or word per element.
string(REPLACE "\\;" ";" parameters "${PARAMETERS}")
string(REPLACE "\\;" ";" brute_force "${BRUTE_FORCE}")
execute_process(COMMAND ${brute_force} ${parameters} OUTPUT_FILE ${WORK_DIR}/expected.txt
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  list(JOIN brute_force " " shown)
  message(FATAL_ERROR "the brute force ${shown} failed (${status}): ${errors}")
endif()
execute_process(COMMAND ${RETRO} solve --game ${GAME} ${parameters} --out ${db}
                        --plugin-dir ${PLUGIN_DIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  list(JOIN parameters " " shown)
  message(FATAL_ERROR "retro solve --game ${GAME} ${shown} failed (${status}): ${errors}")
endif()

# Every listed position probed and compared, field by field, decimal
# numbers within the relative tolerance (retro compare --help; without
# RELATIVE_TOLERANCE, retro compare's default).
set(tolerance)
if(DEFINED RELATIVE_TOLERANCE AND NOT RELATIVE_TOLERANCE STREQUAL "")
  set(tolerance --relative-tolerance ${RELATIVE_TOLERANCE})
endif()
# The listings to compare: the whole one, or one a plies left when the
# lines say "t=<plies left>" (finite horizon), each with its probe option.
set(listings ${WORK_DIR}/expected.txt)
set(options_of_expected.txt "")
file(READ ${WORK_DIR}/expected.txt listing)
if(listing MATCHES "\tt=[0-9]+ ")
  file(STRINGS ${WORK_DIR}/expected.txt lines)
  set(listings)
  set(plies_seen)
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "\tt=([0-9]+) ")
      message(FATAL_ERROR "the brute force's line '${line}' gives no t=<plies left>, "
                          "as the other lines do")
    endif()
    set(t ${CMAKE_MATCH_1})
    if(NOT t IN_LIST plies_seen)
      list(APPEND plies_seen ${t})
      file(WRITE ${WORK_DIR}/expected_t${t}.txt "")
      list(APPEND listings ${WORK_DIR}/expected_t${t}.txt)
      set(options_of_expected_t${t}.txt --plies-left ${t})
    endif()
    file(APPEND ${WORK_DIR}/expected_t${t}.txt "${line}\n")
  endforeach()
endif()
foreach(expected IN LISTS listings)
  get_filename_component(name ${expected} NAME)
  list(JOIN options_of_${name} " " option_shown)
  execute_process(COMMAND ${RETRO} compare --db ${db} --plugin-dir ${PLUGIN_DIR}
                          --expected ${expected} ${options_of_${name}} ${tolerance}
                  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    list(JOIN brute_force " " shown)
    message(FATAL_ERROR "the database disagrees with the brute force ${shown} "
                        "(retro compare ${option_shown}, exit ${status}): ${errors}")
  endif()
  message(STATUS "${option_shown} ${output}")
endforeach()
