// The image filters' scene: the source's frames through the selected backend's pipeline
// (pipeline/), the input left of the divider, the filter's output right of it. The pipelines are
// the app's (PipelineSelector: they stay when the scene changes, as the backend does); this scene
// drives them, keeps the CPU comparison and says how frames reach GL.
#pragma once

#include <string>

#include "pipeline/backend_comparison.h"
#include "scenes/scene.h"

namespace satlab::scene {

class FiltersScene final : public Scene {
 public:
  FiltersScene(MessageLog& log, PipelineSelector& backends);

  FrameResult update(const FrameContext& ctx) override;
  SceneReport report() const override;
  cv::Mat input_buffer(int width, int height) override;
  std::optional<InspectedPixel> inspect(int x, int y, const cv::Mat& source) override;
  bool print_comparison() const override;
  DumpPictures dump_pictures(const cv::Mat& source, InteropTexture& before, InteropTexture& after) override;

 private:
  void compare(const satapp::Frame& frame, const SceneSettings& shown);

  MessageLog& log_;
  PipelineSelector& backends_;
  satapp::StageTimeline stages_;
  BackendComparison comparison_;
  bool have_output_ = false;
  bool used_interop_ = false;
  std::string interop_problem_, interop_reported_;
  sat::Backend compared_backend_ = sat::Backend::Cpu;  // the comparison is dropped when the backend changes
  // The last 16-bit frame processed (its owner held) and its samples' bits: the dump shows its
  // values through the range the screen showed, the inspector names the bits.
  satapp::Frame deep_frame_;
  int source_bits_ = 8;
};

}  // namespace satlab::scene
