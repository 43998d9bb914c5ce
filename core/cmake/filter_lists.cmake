# satcore_generate_filter_lists(CORE_DIR OUT_DIR): the filters register themselves. Each folder
# CORE_DIR/src/filters/NAME/ (marked by its description.cpp) is one filter, whose parameter
# struct sat::<Name>Params (NAME in CamelCase) is declared in include/sat/filter_params/NAME.h.
# The folders are listed into OUT_DIR/include/sat/filter_list.h (the public type list
# sat::FilterSpec is made of) and OUT_DIR/src/filters/filter_folders.h (the X-macro that
# declares each folder's description and run): a new filter is a new folder, nothing central
# names it. Used by core/ and by the fuzz targets (fuzz/), which include satcore's headers.
function(satcore_generate_filter_lists core_dir out_dir)
  file(GLOB SATCORE_FILTER_FOLDERS CONFIGURE_DEPENDS ${core_dir}/src/filters/*/description.cpp)
  set(SATCORE_FILTER_INCLUDES "")
  set(SATCORE_FILTER_TYPES "")
  set(SATCORE_FILTER_X_LIST "")
  foreach(description IN LISTS SATCORE_FILTER_FOLDERS)
    get_filename_component(folder ${description} DIRECTORY)
    get_filename_component(name ${folder} NAME)
    if(NOT EXISTS ${core_dir}/include/sat/filter_params/${name}.h)
      message(FATAL_ERROR "filter folder src/filters/${name}/ has no parameter header "
                          "include/sat/filter_params/${name}.h (declaring its parameter struct)")
    endif()
    string(REPLACE "_" ";" words ${name})
    set(type "")
    foreach(word IN LISTS words)
      string(SUBSTRING ${word} 0 1 first)
      string(SUBSTRING ${word} 1 -1 rest)
      string(TOUPPER ${first} first)
      string(APPEND type ${first}${rest})
    endforeach()
    string(APPEND SATCORE_FILTER_INCLUDES "#include \"sat/filter_params/${name}.h\"\n")
    list(APPEND SATCORE_FILTER_TYPES ${type}Params)
    string(APPEND SATCORE_FILTER_X_LIST "X(${type}Params) ")
  endforeach()
  list(JOIN SATCORE_FILTER_TYPES ", " SATCORE_FILTER_TYPES)
  configure_file(${core_dir}/cmake/filter_list.h.in ${out_dir}/include/sat/filter_list.h @ONLY)
  configure_file(${core_dir}/cmake/filter_folders.h.in ${out_dir}/src/filters/filter_folders.h @ONLY)
endfunction()
