# cubedesk_library(<target> FOLDER <dir> [SOURCES ...] [DEPENDS ...] [PRIVATE_DEPENDS ...]
#                  [RECURSE] [INTERFACE])
#
# One CubeDesk library per folder, and the build enforces what it may include: the library's
# headers are staged, as symbolic links, in <build>/include/<target>/<dir>/, and that tree is the
# library's only public include directory. A target therefore sees the headers of exactly the
# libraries it links (directly or through their DEPENDS): `#include "k8s/session/x.h"` from a
# library that does not depend on cubedesk_k8s_session does not compile. No target gets the
# source root as an include directory. docs/architecture.md draws the graph the DEPENDS lists
# make.
#
#   FOLDER           the folder, relative to the source root, whose *.h files the library exposes
#                    (RECURSE: its sub-folders too); includes are written with that path
#                    ("k8s/api/quantity.h").
#   DEPENDS          libraries its headers need (linked PUBLIC, so their headers are visible to
#                    its users too).
#   PRIVATE_DEPENDS  libraries only its .cpp files use.
#   INTERFACE        headers only: an INTERFACE library.
#
# Where the file system cannot make links (Windows without developer mode), the headers are
# copied and CMake re-runs when one of them changes.
function(cubedesk_library name)
    cmake_parse_arguments(ARG "RECURSE;INTERFACE" "FOLDER" "SOURCES;DEPENDS;PRIVATE_DEPENDS"
        ${ARGN})
    if(NOT ARG_FOLDER)
        message(FATAL_ERROR "cubedesk_library(${name}): FOLDER is required")
    endif()
    set(stage "${CMAKE_BINARY_DIR}/include/${name}")
    file(REMOVE_RECURSE "${stage}")
    set(src "${PROJECT_SOURCE_DIR}/${ARG_FOLDER}")
    if(ARG_RECURSE)
        file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE "${src}" "${src}/*.h")
    else()
        file(GLOB headers CONFIGURE_DEPENDS RELATIVE "${src}" "${src}/*.h")
    endif()
    foreach(header IN LISTS headers)
        set(link "${stage}/${ARG_FOLDER}/${header}")
        get_filename_component(dir "${link}" DIRECTORY)
        file(MAKE_DIRECTORY "${dir}")
        file(CREATE_LINK "${src}/${header}" "${link}" SYMBOLIC COPY_ON_ERROR)
        if(NOT IS_SYMLINK "${link}")
            set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY
                CMAKE_CONFIGURE_DEPENDS "${src}/${header}")
        endif()
    endforeach()
    file(MAKE_DIRECTORY "${stage}")

    if(ARG_INTERFACE)
        add_library(${name} INTERFACE)
        target_include_directories(${name} INTERFACE "${stage}")
        target_link_libraries(${name} INTERFACE cubedesk_options ${ARG_DEPENDS})
    else()
        add_library(${name} STATIC ${ARG_SOURCES})
        target_include_directories(${name} PUBLIC "${stage}")
        target_link_libraries(${name} PUBLIC cubedesk_options ${ARG_DEPENDS}
            PRIVATE ${ARG_PRIVATE_DEPENDS})
    endif()
endfunction()
