# Run by the <game>_brute_force test of retro_add_game_tests
# (retroPluginHelpers.cmake): solves GAME with PARAMETERS into WORK_DIR, runs
# the author's BRUTE_FORCE program (lines "<position>\t<expected>") and
# compares the two with `retro compare`: each probe line must say what the
# brute force expects, decimal numbers within RELATIVE_TOLERANCE (default:
# retro compare's, 1e-9).
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

execute_process(COMMAND ${BRUTE_FORCE} OUTPUT_FILE ${WORK_DIR}/expected.txt
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the brute force ${BRUTE_FORCE} failed (${status}): ${errors}")
endif()
# retro_add_game_tests writes the list PARAMETERS with its separators
# escaped (\;), which keeps it one argument of the test's command: a list
# again here, one solve option per element.
string(REPLACE "\\;" ";" parameters "${PARAMETERS}")
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
execute_process(COMMAND ${RETRO} compare --db ${db} --plugin-dir ${PLUGIN_DIR}
                        --expected ${WORK_DIR}/expected.txt ${tolerance}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the database disagrees with the brute force ${BRUTE_FORCE} "
                      "(retro compare, exit ${status}): ${errors}")
endif()
message(STATUS "${output}")
