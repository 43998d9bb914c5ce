#include "scenes/filters/filters_scene.h"

#include "pipeline/mat_view.h"
#include "sat/filter_spec.h"
#include "scenes/registry.h"
#include "sources/deep_frame.h"
#include "ui/comparison_text.h"
#include "ui/run_summary.h"

namespace satlab::scene {

namespace {

SeriesLabels filters_stage_labels(sat::Backend backend) {
  // The image pipeline's own stages: upload, convert, SAT, filter, display.
  return {pipeline_stages(), "pipeline",
          backend == sat::Backend::Cuda ? "GPU time (CUDA events)" : "wall time (CPU backend)"};
}

// An entry per image filter, in kAllFilterKinds order, each with the catalog's summary of it.
std::vector<MenuEntry> filters_menu() {
  std::vector<MenuEntry> entries;
  for (const FilterKind kind : kAllFilterKinds) {
    MenuEntry entry{to_string(kind), "the input as it is (convert + display only)", "", "", kind};
    if (is_catalog_filter(kind))
      entry.tooltip = sat::filter_catalog()[catalog_index(kind)].summary;
    else
      entry.help = entry.name + ": the source as it is";
    entries.push_back(std::move(entry));
  }
  return entries;
}

const SceneInfo kFiltersInfo{kFiltersScene,           &filters_menu,     /*shows_source=*/true,
                             /*navigates_view=*/true, /*panel_width=*/0, &filters_stage_labels,
                             /*settings=*/{}};

}  // namespace

SATLAB_SCENE_ENTRY(filters, kFiltersInfo, &make_with_backends<FiltersScene>);

FiltersScene::FiltersScene(MessageLog& log, PipelineSelector& backends)
    : Scene(kFiltersInfo), log_(log), backends_(backends), compared_backend_(backends.backend()) {}

FrameResult FiltersScene::update(const FrameContext& ctx) {
  stages_ = {};
  used_interop_ = false;
  if (backends_.backend() != compared_backend_) {  // figures of another backend say nothing now
    comparison_ = {};
    compared_backend_ = backends_.backend();
  }
  if (ctx.source.empty()) return FrameResult::nothing();  // e.g. a camera still opening

  const SceneSettings& settings = ctx.ui.settings;
  FrameResult result = FrameResult::shown();
  // The frame where it lies: the backend takes it there (the CUDA pipeline a frame in GPU memory
  // with no copy over PCIe, the CPU backend on the host).
  const bool processed = backends_.process(ctx.source.frame(), settings.pipeline(), &ctx.before, &ctx.after);
  if (processed) {
    have_output_ = true;
    const bool deep = is_deep(ctx.source.frame());
    deep_frame_ = deep ? ctx.source.frame() : satapp::Frame{};
    source_bits_ = deep ? sample_bits(ctx.source.frame()) : 8;
    // Without waiting: a frame or two late on the GPU (zero until the first frame finished).
    stages_ = backends_.current().take_finished_timings().value_or(StageTimings{});
  } else if (have_output_) {
    result = FrameResult::rejected(kSettingsRefused);  // back to what worked
  } else {
    // Nothing ever worked: the defaults do (the scene stays the filters').
    SceneSettings defaults = settings;
    defaults.filter = FilterSettings{};
    defaults.sat = sat::Options{};
    log_.warning("using the default filter and SAT options: " + describe(defaults.filter));
    result = FrameResult::rejected(kSettingsRefused, defaults);
  }
  if (backends_.backend() == sat::Backend::Cuda) {
    // Both textures written by CUDA in place: the frame went through interop.
    used_interop_ = backends_.current().display_path() == kDisplayInterop;
    interop_problem_ = ctx.before.interop_problem();
    if (!interop_problem_.empty() && interop_problem_ != interop_reported_)
      log_.warning(interop_problem_ + ": CUDA writes surfaces of its own, shown through host uploads");
    interop_reported_ = interop_problem_;
  }
  if (ctx.ui.compare_backends && have_output_) compare(ctx.source.frame(), processed ? settings : ctx.last_good);
  return result;
}

void FiltersScene::compare(const satapp::Frame& frame, const SceneSettings& shown) {
  try {
    if (backends_.backend() == sat::Backend::Cpu) {  // the CPU backend against OpenCV
      comparison_ = compare_with_opencv(backends_.cpu(), frame, shown.pipeline());
      log_.info("CPU vs OpenCV, " + comparison_.what + ": " + cpu_speed_line(comparison_) +
                "; OpenCV: " + opencv_relation_line(comparison_));
      return;
    }
    comparison_ = compare_with_cpu(backends_.current(), backends_.cpu(), frame, shown.pipeline());
    log_.info("CPU vs GPU, " + comparison_.what + ": " + speedup_line(comparison_) +
              (comparison_.differing_pixels == 0
                   ? "; GPU and CPU outputs bit-identical"
                   : "; GPU and CPU outputs differ in " + std::to_string(comparison_.differing_pixels) + " pixels"));
  } catch (const sat::Error& e) {
    log_.warning(std::string("CPU comparison failed: ") + e.what());
  } catch (const cv::Exception& e) {
    log_.warning(std::string("CPU comparison failed (OpenCV): ") + e.what());
  }
}

cv::Mat FiltersScene::input_buffer(int width, int height) { return backends_.current().input_buffer(width, height); }

std::optional<InspectedPixel> FiltersScene::inspect(int x, int y, const cv::Mat& source) {
  if (!have_output_ || source.empty() || x >= source.cols || y >= source.rows) return std::nullopt;
  InspectedPixel p;
  p.x = x;
  p.y = y;
  p.before = source.at<cv::Vec3b>(y, x);
  try {
    FramePipeline& pipeline = backends_.current();
    if (pipeline.last_samples() == sat::SampleType::U16) {  // the samples themselves, not the bytes shown
      p.deep = pipeline.probe_deep_pixel(x, y);             // may come a frame late
      p.bits = source_bits_;
    } else {
      p.after_channels = pipeline.probe_output_pixel(x, y, p.after);  // may come a frame late
    }
  } catch (const sat::Error&) {
    p.after_channels = 0;
    p.deep.reset();
  }
  return p;
}

SceneReport FiltersScene::report() const {
  return {stages_, backends_.current().display_path(), interop_problem_, used_interop_, &comparison_};
}

bool FiltersScene::print_comparison() const { return print_backend_comparison(comparison_); }

DumpPictures FiltersScene::dump_pictures(const cv::Mat& source, InteropTexture& /*before*/, InteropTexture& /*after*/) {
  DumpPictures pictures;
  pictures.input = source;
  if (have_output_) backends_.current().read_output(pictures.output);
  // A 16-bit frame as the screen showed it: both pictures through the range of the window/level.
  const std::optional<SampleRange> range = backends_.current().shown_range();  // read_output waited
  if (have_output_ && !deep_frame_.empty() && range && pictures.output.depth() == CV_16U) {
    cv::Mat buffer, shown_in(pictures.output.size(), CV_8UC1), shown_out(pictures.output.size(), CV_8UC1);
    window_level_cpu(image16_view(host_samples16(deep_frame_, buffer)), image_view(shown_in), *range);
    window_level_cpu(image16_view(static_cast<const cv::Mat&>(pictures.output)), image_view(shown_out), *range);
    pictures.input = shown_in;
    pictures.output = shown_out;
  }
  return pictures;
}

}  // namespace satlab::scene
