#include "satlab_app.h"

#include <chrono>
#include <cstdio>
#include <utility>

#include "capture/frame_dump.h"
#include "common/files/interrupt.h"
#include "common/timing/stopwatch.h"
#include "scenes/filters/filter_images_fit.h"
#include "ui/counted.h"

namespace satlab {

namespace {

double steady_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

SatlabApp::SatlabApp(const AppOptions& options, GlContext& gl, MessageLog& log)
    : options_(options),
      gl_(gl),
      log_(log),
      sources_(log, source_open_options(options, max_texture_side())),  // the GL context is current
      pipelines_(options.backend, log),
      before_(options.interop),
      after_(options.interop),
      frame_ui_(gl),
      ui_(initial_ui_state(options)),
      history_(options.frames),
      scenes_({log_, pipelines_, options.interop}, ui_.settings) {
  frame_ui_.view().set_divider(static_cast<float>(options.divider));
  if (options.zoom > 0) frame_ui_.view().set_zoom(static_cast<float>(options.zoom));
  ui_.backend = pipelines_.backend();
  source_sync_.start(scenes_.follow(ui_.settings).info().shows_source);
  status_.announce(ui_.settings, options.backend, options.cuda_only_options);
}

int SatlabApp::run() {
  double previous = steady_s(), period_ms = 0;
  while (true) {
    gl_.poll_events();
    if (gl_.should_close() || ui_.quit || satapp::files::interrupted()) break;
    // In a window the synthetic scene stands in for a source that cannot be opened; a run that
    // ends by itself would only measure the wrong thing and exit 0, so it fails instead.
    if (runs_unattended(options_) && !sources_.failure().empty())
      failure_ = "the source cannot be shown (" + sources_.failure() + ")";
    if (!failure_.empty()) {  // set in runs that end by themselves only
      log_.error(failure_ + ": stopping, as --frames or --headless was given");
      outputs_.finish_recording("the run failed");
      return outputs_.record_size_refused() ? 2 : 1;
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
    const bool last_if_shown = options_.frames > 0 && frames_ + 1 >= options_.frames;
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
  status_.print_summary(scene(), scenes_.last_good());
  const bool backends_agree = !options_.compare_cpu || scene().print_comparison();
  return outputs_.exit_status(interrupted, cut_short, backends_agree, interop_used_, before_.interop_problem());
}

bool SatlabApp::frame(double now_s, double period_ms, bool last_if_shown) {
  const satapp::Stopwatch cpu_time;
  now_s_ = now_s;
  new_source_frame_ = source_sync_.update(now_s, ui_, scenes_.follow(ui_.settings));
  if (new_source_frame_ && sources_.frame_size() != images_checked_for_) {  // the size alone: frame() may download
    images_checked_for_ = sources_.frame_size();
    failure_ = scene::fit_filter_images(scenes_, ui_.settings, images_checked_for_.width, images_checked_for_.height,
                                        to_string(sources_.spec()), runs_unattended(options_), log_);
  }
  if (!failure_.empty()) return false;
  const bool shown = !scene().info().shows_source || sources_.has_frame();
  const bool last = last_if_shown && shown;
  if (last && options_.compare_cpu) ui_.compare_backends = true;
  scene_frame();
  const double dt_s = history_.frames() > 0 ? history_.latest(Series::Period) / 1000.0 : 1.0 / 60.0;
  frame_ui_.build(dt_s, ui_, status_.make(now_s_, scene()), scene(), scenes_.last_good(), after_.width(),
                  after_.height(), have_output_, sources_);
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

void SatlabApp::scene_frame() {
  frame_stages_ = {};
  const double dt_s = last_frame_s_ < 0 ? 0.0 : now_s_ - last_frame_s_;
  last_frame_s_ = now_s_;
  const RectF area = frame_ui_.image_area_px(ui_.show_panels);  // for a scene that renders at 1:1
  const scene::FrameContext context{sources_,
                                    new_source_frame_,
                                    dt_s,
                                    ui_,
                                    scenes_.last_good(),
                                    pipelines_,
                                    before_,
                                    after_,
                                    static_cast<int>(area.w),
                                    static_cast<int>(area.h)};
  using Outcome = scene::FrameResult::Outcome;
  const scene::FrameResult result = scenes_.update(context, ui_);
  if ((result.outcome == Outcome::Rejected || result.outcome == Outcome::Switch) && runs_unattended(options_))
    failure_ = result.reason;
  if (result.outcome == Outcome::Shown) {
    have_output_ = true;
    frame_stages_ = scene().report().stages;
    interop_used_ |= scene().report().used_interop;
  }
  outputs_.start_requested_recording(shown_frame());
  if (outputs_.record_size_refused() && runs_unattended(options_) && failure_.empty())
    failure_ = "--record '" + options_.record + "' cannot hold this output's size";
}

void SatlabApp::act_on_requests() {
  ViewState& view = frame_ui_.view();
  if (source_sync_.open_requested(ui_) && view.mode() == ViewState::Mode::Free) view.set_mode(ViewState::Mode::Auto);
  if (std::exchange(ui_.backend_changed, false)) pipelines_.select(ui_.backend);
  ui_.backend = pipelines_.backend();  // what runs: CUDA may have failed to start
  if (std::exchange(ui_.toggle_recording, false)) outputs_.toggle_recording(shown_frame());
  if (ui_.quit) gl_.request_close();
}

void SatlabApp::draw() {
  const int width = gl_.framebuffer_width(), height = gl_.framebuffer_height();
  Presenter::clear(gl_.framebuffer(), width, height);
  presenter_.draw(frame_ui_.view(), have_output_ ? before_.texture() : 0, have_output_ ? after_.texture() : 0, width,
                  height);
  frame_ui_.imgui().render_draw_data();
  if (const std::string error = presenter_.first_gl_error(); !error.empty()) log_.warning(error);
}

void SatlabApp::capture(bool last) {
  const int width = gl_.framebuffer_width(), height = gl_.framebuffer_height();
  outputs_.capture(shown_frame(), std::exchange(ui_.take_screenshot, false), last, width, height, [&] {
    const scene::DumpPictures pictures = scene().dump_pictures(sources_.host(), before_, after_);
    write_frame_dump(options_.dump_frame, options_.overwrite, pictures.input, pictures.output, scenes_.last_good(),
                     dump_params(scenes_.last_good()), frame_ui_.view(), width, height,
                     frame_ui_.imgui().visible_windows(), pictures.extra_lines + panel_lines(ui_));
  });
}

}  // namespace satlab
