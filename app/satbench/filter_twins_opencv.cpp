// See filter_twins.h. Without OpenCV every filter reads "OpenCV not built".
#include <memory>

#include "filter_twins.h"

#if SATBENCH_HAVE_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>

#include "opencv_twins/filter_twins.h"
#endif

namespace satbench {

#if SATBENCH_HAVE_OPENCV

FilterTwin make_filter_twin(const sat::FilterSpec& spec, sat::ConstImageView image, int threads) {
  const satapp::TwinInfo info = satapp::twin_info(spec);
  const bool wide = image.sample == sat::SampleType::U16;
  if (info.kind == satapp::TwinKind::None)
    return {"", {}, info.not_built ? "not built: " + info.relation : info.relation, {}, info.not_built};
  if (info.kind == satapp::TwinKind::NearestOp) return {"", {}, "no OpenCV twin (" + info.relation + ")", {}};
  if (wide && !std::holds_alternative<sat::BoxBlurParams>(spec)) return {"", {}, "no 16-bit OpenCV twin", {}};
  cv::setNumThreads(threads);
  // What the twin keeps between runs: the input (satbench's host image), scratch and the output.
  struct State {
    sat::FilterSpec spec;
    cv::Mat src, out;
    satapp::TwinScratch scratch;
  };
  auto s = std::make_shared<State>();
  s->spec = spec;
  s->src = cv::Mat(image.height, image.width, wide ? CV_16UC(image.channels) : CV_8UC(image.channels),
                   const_cast<void*>(image.data), image.pitch);
  FilterTwin twin{info.op, [s] { satapp::run_twin(s->spec, s->src, s->out, s->scratch); }, "", {}};
  if (info.kind == satapp::TwinKind::Exact)
    twin.output = [s](std::size_t& pitch) {
      pitch = s->out.step;
      return static_cast<const unsigned char*>(s->out.data);
    };
  return twin;
}

std::string filter_twins_description(int threads) {
  const char* modules = satapp::twins_have_ximgproc() ? "imgproc, ximgproc" : "imgproc; ximgproc not built";
  return std::string("OpenCV ") + CV_VERSION + " (" + modules + "), " + std::to_string(threads) + " threads";
}

#else  // !SATBENCH_HAVE_OPENCV

FilterTwin make_filter_twin(const sat::FilterSpec&, sat::ConstImageView, int) {
  return {"", {}, "OpenCV not built", {}, true};
}

std::string filter_twins_description(int) { return "OpenCV: not built"; }

#endif

}  // namespace satbench
