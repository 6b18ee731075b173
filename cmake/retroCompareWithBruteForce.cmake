# Run by the <game>_brute_force test of retro_add_game_tests
# (retroPluginHelpers.cmake): solves GAME with PARAMETERS into WORK_DIR, runs
# the author's BRUTE_FORCE program (lines "<position>\t<expected>"), probes
# every listed position with `retro probe` in batch mode, and fails unless
# each probe line starts with "<position> <expected>".
#
#   cmake -DRETRO=... -DGAME=... -DPARAMETERS=... -DPLUGIN_DIR=...
#         -DBRUTE_FORCE=... -DWORK_DIR=... -P retroCompareWithBruteForce.cmake
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
execute_process(COMMAND ${RETRO} solve --game ${GAME} ${PARAMETERS} --out ${db}
                        --plugin-dir ${PLUGIN_DIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "retro solve --game ${GAME} ${PARAMETERS} failed (${status}): ${errors}")
endif()

# Positions and expectations, in the brute force's order. (Lines holding ';'
# would split CMake lists: notations with ';' cannot be compared here.)
file(STRINGS ${WORK_DIR}/expected.txt lines)
list(LENGTH lines count)
if(count EQUAL 0)
  message(FATAL_ERROR "the brute force ${BRUTE_FORCE} printed no position")
endif()
set(positions)
set(expectations)
foreach(line IN LISTS lines)
  string(FIND "${line}" "\t" tab)
  if(tab EQUAL -1)
    message(FATAL_ERROR "brute-force line without a tab: '${line}' (write <position>\\t<expected>)")
  endif()
  string(SUBSTRING "${line}" 0 ${tab} position)
  math(EXPR rest "${tab} + 1")
  string(SUBSTRING "${line}" ${rest} -1 expected)
  list(APPEND positions "${position}")
  list(APPEND expectations "${position} ${expected}")
endforeach()
list(JOIN positions "\n" input)
file(WRITE ${WORK_DIR}/positions.txt "${input}\n")

execute_process(COMMAND ${RETRO} probe --db ${db} --plugin-dir ${PLUGIN_DIR}
                INPUT_FILE ${WORK_DIR}/positions.txt OUTPUT_FILE ${WORK_DIR}/probed.txt
                RESULT_VARIABLE status ERROR_VARIABLE errors)
file(STRINGS ${WORK_DIR}/probed.txt probed)
list(LENGTH probed probed_count)
if(NOT probed_count EQUAL count)
  message(FATAL_ERROR "retro probe answered ${probed_count} of ${count} positions "
                      "(exit ${status}): ${errors}")
endif()

set(mismatches 0)
set(first)
foreach(want got IN ZIP_LISTS expectations probed)
  string(LENGTH "${want}" length)
  string(SUBSTRING "${got}" 0 ${length} prefix)
  # The expectation must end at the end of a field (a space or the line's end).
  string(SUBSTRING "${got}" ${length} 1 next)
  if(NOT prefix STREQUAL want OR NOT (next STREQUAL "" OR next STREQUAL " "))
    math(EXPR mismatches "${mismatches} + 1")
    if(NOT first)
      set(first "brute force: '${want}'; retro probe: '${got}'")
    endif()
  endif()
endforeach()
if(mismatches GREATER 0)
  message(FATAL_ERROR "${mismatches} of ${count} positions disagree with the brute force; "
                      "first: ${first}")
endif()
message(STATUS "${count} positions agree with the brute force")
