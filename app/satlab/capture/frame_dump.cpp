#include "capture/frame_dump.h"

#include <memory>
#include <sstream>
#include <stdexcept>

#include "capture/png_file.h"
#include "scenes/registry.h"

namespace satlab {

namespace {

using satapp::files::AtomicOutput;

void write_image(AtomicOutput& output, const cv::Mat& image) {
  if (image.empty())
    throw std::runtime_error("cannot write '" + output.destination() + "': no image (no frame processed yet)");
  write_png(output, image);
}

// The shown filter's parameters as NAME=VALUE in the catalog's order and text forms
// (sat::format_param, which sat::parse_param reads back); Image parameters are generated, not listed.
void write_filter_params(std::ostream& out, const FilterSettings& f) {
  const sat::FilterSpec* spec = f.spec();
  if (!spec) return;
  for (const sat::ParamInfo& param : sat::info_of(*spec).params)
    if (param.kind != sat::ParamKind::Image) out << ' ' << param.name << '=' << sat::format_param(*spec, param.name);
}

// "filter NAME PARAMS...": the shadow demo's and the detector's entries name them as the filter
// menu does, with the parameters their scenes give; an image filter's are NAME=VALUE pairs.
void write_filter_line(std::ostream& out, const SceneSettings& shown, const std::string& scene_params) {
  out << "filter " << menu_name(shown);
  if (shows_image_filter(shown))
    write_filter_params(out, shown.filter);
  else
    out << scene_params;
  out << '\n';
}

}  // namespace

std::array<std::string, 3> frame_dump_paths(const std::string& prefix) {
  return {prefix + ".input.png", prefix + ".output.png", prefix + ".view.txt"};
}

void write_frame_dump(const std::string& prefix, bool overwrite, const cv::Mat& input, const cv::Mat& output,
                      const SceneSettings& shown, const std::string& scene_params, const ViewState& view,
                      int framebuffer_width, int framebuffer_height, const std::vector<NamedRect>& windows,
                      const std::string& extra_lines) {
  const auto paths = frame_dump_paths(prefix);
  auto input_file = std::make_unique<AtomicOutput>(paths[0], overwrite);
  auto output_file = std::make_unique<AtomicOutput>(paths[1], overwrite);
  auto layout_file = std::make_unique<AtomicOutput>(paths[2], overwrite);
  write_image(*input_file, input);
  write_image(*output_file, output);
  std::ostringstream out;
  out.precision(9);
  out << "# satlab frame dump: framebuffer pixels, top-left origin\n"
      << "framebuffer " << framebuffer_width << ' ' << framebuffer_height << '\n'
      << "image " << view.image_width() << ' ' << view.image_height() << '\n'
      << "zoom " << view.zoom() << '\n'
      << "origin " << view.origin().x << ' ' << view.origin().y << '\n'
      << "divider " << view.divider() << '\n';
  write_filter_line(out, shown, scene_params);
  out << extra_lines;
  for (const NamedRect& w : windows)
    out << "window " << w.rect.x << ' ' << w.rect.y << ' ' << w.rect.w << ' ' << w.rect.h << ' ' << w.name << '\n';
  const std::string layout = out.str();
  layout_file->write_all(layout.data(), layout.size());
  // All three complete: now they appear, all three or none.
  satapp::files::OutputBatch files;
  for (std::unique_ptr<AtomicOutput>* file : {&input_file, &output_file, &layout_file}) files.add(std::move(*file));
  files.place_all(satapp::files::InputFiles{});
}

}  // namespace satlab
