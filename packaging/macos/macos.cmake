# macOS: CubeDesk.app (Info.plist from Info.plist.in, resources/icons/cubedesk.icns), Qt's deploy
# script (macdeployqt: Qt's frameworks and plugins and every Homebrew/vcpkg dylib into the
# bundle), an ad-hoc signature so Apple-silicon Macs run it, and a DragNDrop DMG with an
# Applications link. Included from packaging/CMakeLists.txt; built by
# .github/workflows/packages.yml.
set(_icns ${CUBEDESK_ICONS_DIR}/cubedesk.icns)
set_target_properties(cubedesk PROPERTIES
    MACOSX_BUNDLE ON
    OUTPUT_NAME CubeDesk
    MACOSX_BUNDLE_INFO_PLIST ${CMAKE_CURRENT_SOURCE_DIR}/macos/Info.plist.in
    MACOSX_BUNDLE_BUNDLE_NAME CubeDesk
    MACOSX_BUNDLE_GUI_IDENTIFIER ${CUBEDESK_APP_ID}
    MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
    MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
    MACOSX_BUNDLE_LONG_VERSION_STRING ${PROJECT_VERSION}
    MACOSX_BUNDLE_ICON_FILE cubedesk.icns
    MACOSX_BUNDLE_INFO_STRING "${PROJECT_DESCRIPTION}"
    MACOSX_BUNDLE_COPYRIGHT "© The CubeDesk developers")
target_sources(cubedesk PRIVATE ${_icns})
set_source_files_properties(${_icns} TARGET_DIRECTORY cubedesk
    PROPERTIES MACOSX_PACKAGE_LOCATION Resources)

install(TARGETS cubedesk
    BUNDLE DESTINATION .
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
cubedesk_install_qt_deploy_script()
# macdeployqt rewrote the load paths, which voids the linker's signature; arm64 runs nothing
# unsigned. An ad-hoc signature is enough to run; a Developer ID signature and notarisation are
# for a release with Apple credentials.
install(CODE [[
    execute_process(
        COMMAND codesign --force --deep --sign - "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/CubeDesk.app"
        RESULT_VARIABLE signed)
    if(NOT signed EQUAL 0)
        message(FATAL_ERROR "codesign of CubeDesk.app failed")
    endif()
]])
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION .)
install(FILES ${CUBEDESK_LICENSE_FILE} DESTINATION . RENAME LICENSE.txt)
cubedesk_install_licenses(.)

set(CPACK_GENERATOR DragNDrop)
set(CPACK_DMG_VOLUME_NAME CubeDesk)
set(CPACK_DMG_FORMAT UDZO)
