#include "sources/gst_pipeline_files.h"

#include <gst/gst.h>

#include <string_view>

#include "common/gst/gst_reader.h"

namespace satlab {

namespace {

// The elements whose `location` is a family of files, and its syntax.
PipelineFile::Kind location_kind(std::string_view factory) {
  for (std::string_view printf_pattern : {"multifilesrc", "multifilesink", "imagesequencesrc", "splitmuxsink"})
    if (factory == printf_pattern) return PipelineFile::Kind::PrintfPattern;
  for (std::string_view glob : {"splitfilesrc", "splitmuxsrc"})
    if (factory == glob) return PipelineFile::Kind::GlobPattern;
  return PipelineFile::Kind::File;
}

// A string property of `element`, "" when it has none or it is unset.
std::string string_property(GstElement* element, const char* name) {
  GParamSpec* spec = g_object_class_find_property(G_OBJECT_GET_CLASS(element), name);
  if (!spec || G_PARAM_SPEC_VALUE_TYPE(spec) != G_TYPE_STRING || !(spec->flags & G_PARAM_READABLE)) return "";
  gchar* value = nullptr;
  g_object_get(element, name, &value, nullptr);
  std::string text = value ? value : "";
  g_free(value);
  return text;
}

// The local file a URI or path names: a file:// URI decoded, a plain path as it is; "" for
// other protocols (http, rtsp...), which name no file here.
std::string local_path(const std::string& text) {
  if (!gst_uri_is_valid(text.c_str())) return text;
  if (!gst_uri_has_protocol(text.c_str(), "file")) return "";
  gchar* path = g_filename_from_uri(text.c_str(), nullptr, nullptr);
  std::string local = path ? path : "";
  g_free(path);
  return local;
}

void add_files_of(GstElement* element, std::vector<PipelineFile>& files) {
  GstElementFactory* factory = gst_element_get_factory(element);
  const std::string name = factory ? gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)) : "";
  for (const char* property : {"location", "uri"}) {
    const std::string path = local_path(string_property(element, property));
    if (path.empty()) continue;
    files.push_back(
        {name, path, std::string_view(property) == "location" ? location_kind(name) : PipelineFile::Kind::File});
  }
}

}  // namespace

std::vector<PipelineFile> gst_pipeline_files(const std::string& description) {
  try {
    satapp::gst::initialize();
  } catch (const satapp::gst::Error&) {
    return {};  // no GStreamer here: the pipeline cannot run either
  }
  GError* error = nullptr;
  // Parsed, not started: the elements exist in the NULL state, no file is opened. Without
  // GST_PARSE_FLAG_FATAL_ERRORS, a missing element still gives the others.
  GstElement* top = gst_parse_launch_full(description.c_str(), nullptr, GST_PARSE_FLAG_NONE, &error);
  if (error) g_error_free(error);
  if (!top) return {};
  std::vector<PipelineFile> files;
  add_files_of(top, files);  // a description of one element gives that element, not a bin
  if (GST_IS_BIN(top)) {
    const std::size_t own = files.size();
    GstIterator* it = gst_bin_iterate_recurse(GST_BIN(top));
    GValue item = G_VALUE_INIT;
    bool done = false;
    while (!done) {
      switch (gst_iterator_next(it, &item)) {
        case GST_ITERATOR_OK:
          add_files_of(GST_ELEMENT(g_value_get_object(&item)), files);
          g_value_reset(&item);
          break;
        case GST_ITERATOR_RESYNC:
          files.resize(own);
          gst_iterator_resync(it);
          break;
        default:  // DONE, ERROR
          done = true;
          break;
      }
    }
    g_value_unset(&item);
    gst_iterator_free(it);
  }
  gst_object_unref(top);
  return files;
}

}  // namespace satlab
