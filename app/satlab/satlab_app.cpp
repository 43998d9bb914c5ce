#include "satlab_app.h"

#include <imgui.h>

#include <chrono>
#include <cstdio>

#include "capture/frame_dump.h"
#include "common/cuda/backend_choice.h"
#include "common/files/interrupt.h"
#include "common/timing/stopwatch.h"
#include "ui/banner.h"
#include "ui/control_panel.h"
#include "ui/counted.h"
#include "ui/filter_controls.h"
#include "ui/help_overlay.h"
#include "ui/layout.h"
#include "ui/shortcuts.h"
#include "ui/speedup_panel.h"
#include "ui/timing_panel.h"

namespace satlab {

namespace {

double steady_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// How sources open: as the options say, no larger than the context's textures (the GL context
// is current when the app is made).
SourceOpenOptions shown_source_options(const AppOptions& o) {
  SourceOpenOptions s = source_open_options(o);
  s.max_frame_side = max_texture_side();
  return s;
}

}  // namespace

SatlabApp::SatlabApp(const AppOptions& options, GlContext& gl, MessageLog& log)
    : options_(options),
      gl_(gl),
      log_(log),
      sources_(log, shown_source_options(options)),
      pipelines_(options.backend, log),
      before_(options.interop),
      after_(options.interop),
      imgui_(gl),
      ui_(initial_ui_state(options)),
      history_(options.frames),
      scenes_({log_, pipelines_, options.interop, options.camera}, ui_.settings) {
  view_.set_divider(static_cast<float>(options.divider));
  if (options.zoom > 0) view_.set_zoom(static_cast<float>(options.zoom));
  if (pipelines_.backend() != ui_.backend) {  // CUDA cannot run: the selector fell back and said why
    ui_.backend = pipelines_.backend();
    const std::string ignored = satapp::ignored_on_cpu_text(options.cuda_only_options);
    if (!ignored.empty()) log_.warning(ignored);
  }
  scenes_.follow(ui_.settings);
  // A scene that draws its own picture: a camera (the default source tries camera 0) opens only
  // when a scene that shows the source is first shown, not to sit unused (or to say there is none).
  const bool camera = options.source.kind == SourceSpec::Kind::Default || options.source.kind == SourceSpec::Kind::Camera;
  if (!current_scene().info().shows_source && camera) source_deferred_ = true;
  else sources_.open(options.source);
  log_.info(std::string("backend: ") + sat::to_string(pipelines_.backend()) +
            (pipelines_.backend() == sat::Backend::Cuda
                 ? std::string(" (") + sat::to_string(ui_.settings.sat.algorithm) + ")"
                 : std::string()) +
            ", filter: " + describe(ui_.settings));
}

int SatlabApp::run() {
  const int limit = options_.frames;
  double previous = steady_s();
  double period_ms = 0;
  while (true) {
    gl_.poll_events();
    if (gl_.should_close() || ui_.quit || satapp::files::interrupted()) break;
    // In a window the synthetic scene stands in for a source that cannot be opened; a run that
    // ends by itself would only measure the wrong thing and exit 0, so it fails instead.
    if (runs_unattended(options_) && !sources_.failure().empty()) {
      log_.error("the source cannot be shown (" + sources_.failure() + "): stopping, as --frames or --headless was given");
      outputs_.finish_recording("the run failed");
      return 1;
    }
    if (!filter_failure_.empty()) {  // set in runs that end by themselves only
      log_.error(filter_failure_ + ": stopping, as --frames or --headless was given");
      outputs_.finish_recording("the run failed");
      return 1;
    }
    if (gl_.minimized()) {  // nothing to draw into: sleep until something happens
      gl_.wait_events(0.1);
      previous = steady_s();
      continue;
    }
    const double now = steady_s();
    period_ms = 1000.0 * (now - previous);
    previous = now;
    // --frames counts frames that showed a source frame (not those of a camera still opening).
    const bool last_if_shown = limit > 0 && frames_ + 1 >= limit;
    if (frame(now, period_ms, last_if_shown) && last_if_shown) break;
    if (sources_.ended()) {  // a GStreamer pipeline's end of stream: the run is complete
      log_.info("source: end of stream after " + counted(sources_.frames_received(), "frame"));
      break;
    }
  }
  return finish(period_ms);
}

int SatlabApp::finish(double period_ms) {
  const int limit = options_.frames;
  // Ctrl-C (or SIGTERM, SIGHUP): in a window, as if it were closed; a run that ends by itself
  // stopped short of what it was asked to do, so what it was writing is incomplete. (A signal
  // after the last frame stops nothing.)
  const bool interrupted = satapp::files::interrupted() && !(limit > 0 && frames_ >= limit);
  const bool cut_short = interrupted && runs_unattended(options_);
  if (cut_short) log_.error("interrupted after " + std::to_string(frames_) + " of " + counted(limit, "frame"));
  // A window closed by the user: the captures the command line asked for, on one more frame.
  // The source's end of stream: they show its last frame.
  if (!cut_short && (limit == 0 || sources_.ended()) && frames_ > 0 && !gl_.minimized() &&
      (!options_.screenshot.empty() || !options_.dump_frame.empty()))
    frame(steady_s(), period_ms, true);
  outputs_.finish_recording(cut_short ? "the run was interrupted" : "");
  status_.print_summary(current_scene(), scenes_.last_good());
  const bool backends_agree = !options_.compare_cpu || current_scene().print_comparison();
  const bool outputs_written = outputs_.report_requested(cut_short);
  if (interrupted) return kInterruptedStatus;
  if (options_.require_interop && !interop_used_) {
    log_.error("--require-interop: no frame went through CUDA-GL interop" +
               (before_.interop_problem().empty() ? std::string() : " (" + before_.interop_problem() + ")"));
    return 1;
  }
  return backends_agree && outputs_written ? 0 : 1;
}

bool SatlabApp::frame(double now_s, double period_ms, bool last_if_shown) {
  const satapp::Stopwatch cpu_time;
  now_s_ = now_s;
  scenes_.follow(ui_.settings);
  sources_.set_paused(ui_.paused);
  if (sources_.video_fast() != ui_.video_fast) sources_.set_video_fast(ui_.video_fast);
  sources_.set_preload(ui_.preload);  // for the next video opened
  if (source_deferred_ && current_scene().info().shows_source) {
    source_deferred_ = false;
    sources_.open(options_.source);
  }
  new_source_frame_ = sources_.update(now_s, next_input_buffer());
  if (new_source_frame_ && sources_.frame_size() != images_checked_for_) check_filter_images();
  if (!filter_failure_.empty()) return false;
  if (sources_.generation() != source_generation_) {  // opened, or replaced after a failure
    source_generation_ = sources_.generation();
    show_running_source(ui_, sources_.spec());
  }
  const bool shown = !current_scene().info().shows_source || sources_.has_frame();
  const bool last = last_if_shown && shown;
  if (last && options_.compare_cpu) ui_.compare_backends = true;
  process_frame();
  build_ui();
  act_on_requests();
  draw();
  capture(last);
  if (shown) {
    // What ran this frame; a new filter, backend, algorithm or source starts the timings afresh.
    const SceneSettings& ran = scenes_.last_good();
    history_.follow({ran.scene, ran.filter.kind, pipelines_.backend(), ran.sat.algorithm, sources_.generation()});
    history_.add(frame_stages_, cpu_time.elapsed_ms(), period_ms);
  }
  gl_.swap_buffers();
  if (shown) ++frames_;
  return shown;
}

void SatlabApp::process_frame() {
  frame_stages_ = {};
  const double dt_s = last_frame_s_ < 0 ? 0.0 : now_s_ - last_frame_s_;
  last_frame_s_ = now_s_;
  // The image area in framebuffer pixels, for a scene that renders its picture at 1:1.
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const float fb_w = static_cast<float>(gl_.framebuffer_width()), fb_h = static_cast<float>(gl_.framebuffer_height());
  const RectF area = image_area(fb_w / scale.x, fb_h / scale.y, ui_.show_panels, banner_height_);
  const scene::FrameContext context{sources_, new_source_frame_, dt_s, ui_, scenes_.last_good(), pipelines_, before_,
                                    after_, static_cast<int>(area.w * scale.x), static_cast<int>(area.h * scale.y)};
  using Outcome = scene::FrameResult::Outcome;
  const scene::FrameResult result = scenes_.update(context, ui_.settings);
  ui_.backend = pipelines_.backend();  // a CUDA failure: the selector switched to the CPU
  if (result.outcome != Outcome::Nothing) ui_.compare_backends = false;  // the scene took the request
  if ((result.outcome == Outcome::Rejected || result.outcome == Outcome::Switch) && runs_unattended(options_))
    filter_failure_ = result.reason;
  if (result.outcome == Outcome::Shown) {
    have_output_ = true;
    const scene::SceneReport report = current_scene().report();
    frame_stages_ = report.stages;
    interop_used_ |= report.used_interop;
  }
  outputs_.start_requested_recording(shown_frame());
}

void SatlabApp::check_filter_images() {
  // The size alone: frame() would download a frame that lies in CUDA memory.
  const cv::Size frame = sources_.frame_size();
  images_checked_for_ = frame;
  for (std::size_t f = 0; f < ui_.settings.filter.images.size(); ++f) {
    std::vector<satapp::FilterImage>& images = ui_.settings.filter.images[f];
    for (const satapp::FilterImage& image : images) {
      const std::string problem = satapp::filter_image_problem(image, frame.width, frame.height, to_string(sources_.spec()));
      if (problem.empty()) continue;
      if (runs_unattended(options_)) {
        filter_failure_ = problem;
        return;
      }
      log_.warning(problem + ": the filter runs without it");
      scenes_.edit_both(ui_.settings, [f](SceneSettings& s) { s.filter.images[f].clear(); });
      break;
    }
  }
}

cv::Mat SatlabApp::next_input_buffer() {
  // The source renders or decodes straight into the scene's staging (the GPU pipeline's
  // page-locked memory), when the frame keeps its size.
  const cv::Size size = sources_.frame_size();
  if (!current_scene().info().shows_source || size.empty() || ui_.paused || sources_.device_frame()) return {};
  return current_scene().input_buffer(size.width, size.height);
}

void SatlabApp::build_ui() {
  imgui_.new_frame(history_.frames() > 0 ? history_.latest(Series::Period) / 1000.0 : 1.0 / 60.0);
  const ImGuiIO& io = ImGui::GetIO();
  UiStatus status = status_.make(now_s_, current_scene());
  // Laid out from this frame's display size: the panels follow the window's size.
  const float banner_w = panel_layout(io.DisplaySize.x, io.DisplaySize.y, ui_.show_panels).banners.w;
  banner_height_ = banner_height(status, banner_w);
  const PanelLayout layout = panel_layout(io.DisplaySize.x, io.DisplaySize.y, ui_.show_panels, banner_height_,
                                          current_scene().info().panel_width);
  const RectF& area = layout.image;
  const ImVec2 scale = io.DisplayFramebufferScale;
  view_.update(after_.width(), after_.height(), {area.x * scale.x, area.y * scale.y, area.w * scale.x, area.h * scale.y});
  const auto hovered = split_view_.update(view_, split_labels(scenes_.last_good()), current_scene().info().navigates_view);
  current_scene().view_input(view_, split_view_.dragging_divider(), ui_.settings);
  if (const auto click = split_view_.clicked()) aim_focus(ui_.settings.filter, *click);
  // Every key pressed since the last frame, even one released before this frame began; none while
  // a text field has the keyboard (the presses are taken either way, so they do not act later).
  const std::vector<int> keys = imgui_.take_key_presses();
  if (!io.WantCaptureKeyboard) apply_shortcuts(keys, ui_, view_, pipelines_.cuda_available());
  if (hovered && have_output_) status.inspected = current_scene().inspect(hovered->first, hovered->second, sources_.frame());
  if (ui_.show_panels) {
    draw_control_panel(ui_, view_, status, layout.controls);
    draw_timing_panel(status, layout.timings);
  }
  ui_.scene_panel = layout.scene;
  current_scene().draw_panels(ui_, view_);
  draw_speedup_panel(ui_, status);
  draw_help_overlay(ui_.show_help);
  draw_banners(status, layout.banners);
  ImGui::Render();
}

void SatlabApp::act_on_requests() {
  if (ui_.open_source) {
    source_deferred_ = false;  // the source chosen in the panel replaces the one the command line named
    sources_.open(*ui_.open_source);
    ui_.open_source.reset();
    if (view_.mode() == ViewState::Mode::Free) view_.set_mode(ViewState::Mode::Auto);
  }
  if (ui_.backend_changed) {
    ui_.backend_changed = false;
    pipelines_.select(ui_.backend);
    ui_.backend = pipelines_.backend();
  }
  if (ui_.toggle_recording) {
    ui_.toggle_recording = false;
    outputs_.toggle_recording(shown_frame());
  }
  if (ui_.quit) gl_.request_close();
}

void SatlabApp::draw() {
  const int width = gl_.framebuffer_width(), height = gl_.framebuffer_height();
  glBindFramebuffer(GL_FRAMEBUFFER, gl_.framebuffer());
  glViewport(0, 0, width, height);
  glClearColor(0.1f, 0.1f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  presenter_.draw(view_, have_output_ ? before_.texture() : 0, have_output_ ? after_.texture() : 0, width, height);
  imgui_.render_draw_data();
  if (const GLenum error = glGetError(); error != GL_NO_ERROR && !gl_error_reported_) {
    char text[64];
    std::snprintf(text, sizeof text, "OpenGL error 0x%04x while drawing a frame", static_cast<unsigned>(error));
    log_.warning(text);  // once: the same error would repeat every frame
    gl_error_reported_ = true;
  }
}

void SatlabApp::capture(bool last) {
  const int width = gl_.framebuffer_width(), height = gl_.framebuffer_height();
  outputs_.record(shown_frame());
  if (ui_.take_screenshot) {
    ui_.take_screenshot = false;
    outputs_.take_screenshot(width, height);
  }
  if (!last) return;
  outputs_.capture_last(width, height, [&] {
    const scene::DumpPictures pictures = current_scene().dump_pictures(sources_.frame(), before_, after_);
    // Whether the control panel's settings fit its window (layout tests; screen coordinates).
    char hidden[64];
    std::snprintf(hidden, sizeof hidden, "settings_hidden %.0f\n", ui_.show_panels ? ui_.settings_hidden_px : 0.0f);
    write_frame_dump(options_.dump_frame, options_.overwrite, pictures.input, pictures.output, scenes_.last_good(), view_, width,
                     height, imgui_.visible_windows(), pictures.extra_lines + hidden);
  });
}

}  // namespace satlab
