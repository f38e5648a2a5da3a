# Fails when a C++ file of the tree differs from what clang-format makes of it (.clang-format at
# the root). Run by ctest as the test `format`:
#   cmake -DCLANG_FORMAT=<path> -DSOURCE_DIR=<root> -P check-format.cmake
# `make format` rewrites the files in place.
if(NOT CLANG_FORMAT OR NOT EXISTS "${CLANG_FORMAT}")
    message(FATAL_ERROR "clang-format not found (Debian package clang-format; "
        "bash cmake/setup-deps.sh installs it)")
endif()
set(files)
foreach(folder k8s models widgets ui app tests)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    list(APPEND files ${found})
endforeach()
list(FILTER files EXCLUDE REGEX "/tests/fixtures/")
list(LENGTH files count)
if(count LESS 300)
    message(FATAL_ERROR "only ${count} C++ files found under ${SOURCE_DIR}: wrong source folder?")
endif()
execute_process(
    COMMAND "${CLANG_FORMAT}" --dry-run -Werror --style=file ${files}
    WORKING_DIRECTORY "${SOURCE_DIR}"
    RESULT_VARIABLE rc
    ERROR_VARIABLE diagnostics)
if(NOT rc EQUAL 0)
    message("${diagnostics}")
    message(FATAL_ERROR "clang-format: the files above are not formatted; run `make format`")
endif()
message(STATUS "clang-format: ${count} files formatted")
