# cubedesk_add_gtest(NAME SOURCES ... LIBS ... [LABELS label] [TIMEOUT s])
# One GoogleTest executable; each TEST() becomes its own CTest entry, discovered when the
# tests run (not at build time, so sanitizer builds do not run tests while compiling).
find_package(GTest REQUIRED)
include(GoogleTest)

# ThreadSanitizer's options and suppressions, compiled into the test program (tsan preset).
function(cubedesk_tsan_defaults name)
    if(CUBEDESK_TSAN)
        target_sources(${name} PRIVATE "${PROJECT_SOURCE_DIR}/tests/support/tsandefaults.cpp")
    endif()
endfunction()

# A test program's own code (its TEST bodies, not the libraries it checks) is compiled without
# optimisation in Debug builds: GCC spends about half of a test file's compile time optimising
# large assertion-heavy functions whose run time is negligible. The libraries keep the preset's
# -Og, so what the tests exercise runs at the same speed.
#
# With CUBEDESK_UNITY_TESTS (the test command's presets) a test program's files compile as one
# translation unit: most of a test file's compile time is parsing GoogleTest, Qt and our headers,
# which a program of nine files then parses once instead of nine times.
option(CUBEDESK_UNITY_TESTS "Compile each test program's files as one translation unit" OFF)
function(cubedesk_test_program_options name)
    target_compile_options(${name} PRIVATE
        $<$<AND:$<CONFIG:Debug>,$<CXX_COMPILER_ID:GNU,Clang>>:-O0>)
    if(CUBEDESK_UNITY_TESTS)
        set_target_properties(${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
        # A fixture in an anonymous namespace is fine in its own file; GCC warns about it only
        # when the file is included (the unity source), where it means the same.
        target_compile_options(${name} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>)
    endif()
endfunction()

function(cubedesk_add_gtest name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    cubedesk_tsan_defaults(${name})
    cubedesk_test_program_options(${name})
    target_link_libraries(${name} PRIVATE cubedesk_options cubedesk_testfixtures GTest::gtest
        GTest::gtest_main ${ARG_LIBS})
    # Where fixtures are when the environment does not say (test discovery runs without it).
    target_compile_definitions(${name} PRIVATE
        CUBEDESK_DEFAULT_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    # One label: the discovered tests get their properties as key value pairs, so a list of
    # labels would be cut after the first.
    list(LENGTH ARG_LABELS count)
    if(count GREATER 1)
        message(FATAL_ERROR "cubedesk_add_gtest(${name}): one label only")
    endif()
    gtest_discover_tests(${name}
        DISCOVERY_MODE PRE_TEST
        DISCOVERY_TIMEOUT 60
        PROPERTIES TIMEOUT ${ARG_TIMEOUT} LABELS "${ARG_LABELS}"
        ENVIRONMENT "CUBEDESK_SOURCE_DIR=${PROJECT_SOURCE_DIR};CUBEDESK_BINARY_DIR=${CMAKE_BINARY_DIR};ASAN_OPTIONS=detect_leaks=1:abort_on_error=1;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
endfunction()

# cubedesk_add_qtest(NAME SOURCES ... LIBS ... [LABELS ...] [TIMEOUT s] [XVFB])
# One Qt Test executable (models, widgets, panes), one CTest entry. Runs offscreen, or in a real
# X server started for it by xvfb-run when XVFB is given (real windows, real drags).
function(cubedesk_add_qtest name)
    cmake_parse_arguments(ARG "XVFB" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    cubedesk_tsan_defaults(${name})
    cubedesk_test_program_options(${name})
    set_target_properties(${name} PROPERTIES AUTOMOC ON)
    target_link_libraries(${name} PRIVATE cubedesk_options cubedesk_testfixtures Qt6::Test
        ${ARG_LIBS})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    set(env "CUBEDESK_SOURCE_DIR=${PROJECT_SOURCE_DIR}"
            "CUBEDESK_BINARY_DIR=${CMAKE_BINARY_DIR}"
            "ASAN_OPTIONS=detect_leaks=1:abort_on_error=1"
            "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
            "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/support/lsan.supp"
            "QT_QPA_PLATFORMTHEME=" "LC_ALL=C.UTF-8")
    if(ARG_XVFB)
        find_program(XVFB_RUN xvfb-run REQUIRED)
        add_test(NAME ${name}
            COMMAND ${XVFB_RUN} -a -s "-screen 0 1600x1000x24" $<TARGET_FILE:${name}>)
    else()
        add_test(NAME ${name} COMMAND ${name})
        list(APPEND env "QT_QPA_PLATFORM=offscreen")
    endif()
    set_tests_properties(${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT} LABELS "${ARG_LABELS}"
        ENVIRONMENT "${env}")
endfunction()
