// satfilter — filter an image or a video with summed-area tables, on the GPU or the CPU.
//
//   satfilter INPUT OUTPUT --filter NAME [parameters] [options]
//   satfilter -o FOLDER INPUT... --filter ...
//   satfilter INPUT OUTPUT --detect CASCADE.xml [--draw] [--json FILE] [--filter ...]
//
// Every failure ends as one line "satfilter: error: ..." on stderr and a non-zero exit status,
// with no output file left behind (see atomic_output.h). `satfilter --help` documents the rest.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <string>
#include <vector>

#include "atomic_output.h"
#include "cascade_file.h"
#include "common/cuda/backend_choice.h"
#include "common/files/output_batch.h"
#include "common/timing/stopwatch.h"
#include "failure.h"
#include "filter_images.h"
#include "frame_pipeline_cpu.h"
#include "frame_pipeline_cuda.h"
#include "interrupt.h"
#include "jobs.h"
#include "media.h"
#include "memory_check.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include "report_json.h"
#include "sample_checks.h"
#include "sat/detect.h"
#include "sat/device.h"
#include "sat/error.h"
#include "video_io.h"

namespace satfilter {
namespace {

// One line, whatever the library put in the message.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

bool g_quiet = false;  // -q: notes are silenced (errors never are)

void print_error(const std::string& message) {
  std::fprintf(stderr, "satfilter: error: %s\n", one_line(message).c_str());
}

// What ended a run (or, with --keep-going, one input): the message and the exit status.
struct Problem {
  std::string message;
  int status = 1;
};

Problem problem_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const Failure& e) {
    return {e.what(), e.kind() == Failure::Kind::Usage ? 2 : e.kind() == Failure::Kind::Interrupted ? 130 : 1};
  } catch (const satapp::files::OutputIsAnInput& e) {
    return {e.what(), 2};  // known only when placed (a later frame of a sequence): exit 2 as when seen before the run
  } catch (const sat::Error& e) {
    return {e.what(), 1};
  } catch (const cv::Exception& e) {
    return {"OpenCV: " + e.err, 1};
  } catch (const std::bad_alloc&) {
    return {"out of memory", 1};
  } catch (const std::exception& e) {
    return {e.what(), 1};
  }
}

void note(const std::string& text) {
  if (!g_quiet) std::fprintf(stderr, "satfilter: note: %s\n", text.c_str());
}

// As satlab chooses (common/cuda/backend_choice.h): --backend cuda without CUDA fails (status 1).
sat::Backend choose_backend(const CommandLine& cl) {
  const std::string problem = cl.backend == sat::Backend::Cpu ? "" : sat::cuda_unavailable_reason();
  const sat::Backend backend = satapp::choose_backend(cl.backend, problem);
  if (backend == sat::Backend::Cpu && !cl.backend) note(satapp::cpu_fallback_text(problem));
  return backend;
}

std::string algorithm_name(const sat::Options& options) {
  std::string name = sat::to_string(options.algorithm);
  if (sat::is_tiled(options.algorithm))
    name += options.tile > 0 ? ", tile " + std::to_string(options.tile) : ", default tile";
  return name;
}

SinkOptions sink_options(const CommandLine& cl) {
  return SinkOptions{cl.fourcc, cl.overwrite == Overwrite::Replace, cl.quality, cl.format, cl.fps, note};
}

// Input and output frames each pipeline allocates (frame_pipeline_cpu.cpp, _cuda.cpp).
int pipeline_frame_buffers(const MediaInfo& info, sat::Backend backend, int frames_in_flight) {
  if (info.kind == MediaKind::Image) return 1;
  return backend == sat::Backend::Cuda ? std::max(1, frames_in_flight) : 3;
}

// Filters one input into one output, handed complete to `outputs`; `cascade` with --detect.
RunReport run_job(const CommandLine& cl, const Job& job, MediaKind output_kind, sat::Backend backend,
                  const sat::HaarCascade* cascade, satapp::files::OutputBatch& outputs) {
  const satapp::Stopwatch open_time;
  std::unique_ptr<FrameSource> source = open_source(job.input, cl.max_pixels, cl.decoder);
  const double open_ms = open_time.elapsed_ms();
  const MediaInfo& info = source->info();
  // OpenCV is the decoder of old; GStreamer (--decoder, or auto where NVDEC is) is said.
  if (info.decoder.rfind("GStreamer", 0) == 0) note("'" + job.input + "' decoded by " + info.decoder);
  if (info.kind == MediaKind::Image && output_kind == MediaKind::Video)
    throw usage_error("'" + job.input + "' is an image: OUTPUT must be an image too (png, jpg, tif...)");
  if (info.kind == MediaKind::Video && output_kind == MediaKind::Image)
    throw usage_error("'" + job.input + "' is a video: OUTPUT must be a video too (avi, mp4, mkv...)");
  if (info.kind == MediaKind::Video && info.fps <= 0 && cl.fps <= 0 &&
      video_codecs_for(lower_extension(job.output)).size())
    note("'" + job.input + "' has no frame rate; writing " + std::to_string(kDefaultFps) + " fps (--fps sets another)");

  check_sample_type(job.input, info, cl.filter, cascade != nullptr, job.output, cl.format);
  // 16-bit frames run through the host pipeline on either backend (FilterSession::run_host
  // uploads and downloads each frame for CUDA); the slots of the CUDA pipeline are 8-bit.
  const bool host_pipeline = backend == sat::Backend::Cpu || info.sample != sat::SampleType::U8;
  check_host_memory(job.input, info, cl.filter, host_pipeline ? sat::Backend::Cpu : backend,
                    pipeline_frame_buffers(info, host_pipeline ? sat::Backend::Cpu : backend, cl.frames_in_flight),
                    cascade != nullptr);
  const std::vector<FilterImage> filter_images = read_filter_images(cl.filter_images, info, job.input, cl.max_pixels);
  std::optional<sat::Detector> detector;
  if (cascade) detector.emplace(backend, *cascade, sat::Extent{info.width, info.height}, cl.detect->params);
  std::unique_ptr<FrameSink> sink = open_sink(job.output, output_kind, info, sink_options(cl), outputs);

  const bool terminal = ::isatty(STDERR_FILENO) == 1;
  const bool show_progress = info.kind == MediaKind::Video &&
                             (cl.progress == ProgressMode::Always || (cl.progress == ProgressMode::Auto && terminal));
  Progress progress(show_progress, terminal, info.frame_count);

  const bool timing = cl.report || !cl.json_path.empty();
  PipelineRequest request{*source,
                          *sink,
                          cl.filter,
                          filter_images,
                          detector ? &*detector : nullptr,
                          cl.detect && cl.detect->draw,
                          progress,
                          timing,
                          cl.sat_options,
                          cl.frames_in_flight};
  // The library's refusals (e.g. a 16-bit colour image for a filter that takes 16-bit gray ones)
  // name the input they were met on.
  PipelineResult result;
  try {
    result = host_pipeline ? run_host_pipeline(request, backend) : run_cuda_pipeline(request);
  } catch (const sat::Error& e) {
    throw runtime_error("cannot filter '" + job.input + "': " + e.what());
  }
  result.totals[RunStage::Decode] += open_ms;  // images decode when opened; videos decode their first frame
  progress.finish(result.frames);

  RunReport report;
  report.input = job.input;
  report.output = job.output;
  report.video = info.kind == MediaKind::Video;
  report.width = info.width;
  report.height = info.height;
  report.input_channels = info.channels;
  report.decoder = info.decoder;
  report.output_channels = output_channels(cl.filter, info.channels);
  report.frames = result.frames;
  report.filter = cl.filter ? sat::describe(*cl.filter) : "none";
  report.detect = detector.has_value();
  report.detections = std::move(result.detections);
  report.gpu = backend == sat::Backend::Cuda;
  report.algorithm = algorithm_name(cl.sat_options);
  report.frames_in_flight = info.kind == MediaKind::Video ? cl.frames_in_flight : 1;
  report.setup_ms = result.setup_ms;
  report.wall_ms = result.wall_ms + open_ms;
  report.totals = result.totals;
  return report;
}

int run(int argc, char** argv) {
  const CommandLine cl = parse_command_line(argc, argv);
  if (cl.help) {
    std::fputs(help_text().c_str(), stdout);
    return 0;
  }
  if (cl.version) {
    std::printf("%s\n", version_text().c_str());
    return 0;
  }
  g_quiet = cl.quiet;

  // Everything that can be checked without reading the inputs comes first, for every job (the
  // filter parameters were, by satcore, while parsing).
  const std::vector<Job> jobs = plan_jobs(cl);
  const satapp::files::InputFiles inputs = input_files(cl);
  std::vector<MediaKind> output_kinds;
  for (const Job& job : jobs) {
    output_kinds.push_back(media_kind_of_output(job.output, sink_options(cl)));
    check_output_is_safe(job, cl.overwrite, inputs);
  }
  check_report_is_safe(cl.json_path, jobs, cl.overwrite, inputs);
  std::optional<sat::HaarCascade> cascade;
  if (cl.detect) cascade = read_cascade(cl.detect->cascade);
  const sat::Backend backend = choose_backend(cl);
  if (backend == sat::Backend::Cpu && cl.sat_options_given)
    note("--algorithm and --tile choose the CUDA table algorithm; the cpu backend ignores them");

  // In order; the first failure ends the batch, unless --keep-going: then a failed input is
  // reported (stderr, --json) and the others go on. The outputs land together when the last one
  // is complete, or none does (output_batch.h); an input's own outputs join the run's only once
  // it succeeded, so those of a failed input never land.
  satapp::files::OutputBatch outputs;
  std::vector<RunReport> reports;
  std::vector<FailedRun> failures;
  int status = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    satapp::files::OutputBatch job_outputs;
    try {
      reports.push_back(run_job(cl, jobs[i], output_kinds[i], backend, cascade ? &*cascade : nullptr, job_outputs));
    } catch (...) {
      if (!cl.keep_going) throw;
      const Problem problem = problem_of(std::current_exception());
      if (problem.status == 130) throw;  // an interruption ends the whole run
      print_error(problem.message);
      failures.push_back(FailedRun{jobs[i].input, jobs[i].output, one_line(problem.message)});
      if (status == 0) status = problem.status;
      continue;
    }
    outputs.take_from(job_outputs);
    if (cl.report) print_report(stdout, reports.back());
  }
  if (!cl.json_path.empty())
    write_report_json(cl.json_path, reports, failures, version_number(), cl.overwrite == Overwrite::Replace, outputs);
  outputs.place_all(inputs);
  if (!failures.empty())
    print_error(std::to_string(failures.size()) + " of " + std::to_string(jobs.size()) + " inputs failed");
  return status;
}

}  // namespace
}  // namespace satfilter

int main(int argc, char** argv) {
  using namespace satfilter;
  // Library chatter would break the one-line error promise: OpenCV's logger and FFmpeg's own
  // log (read by OpenCV from OPENCV_FFMPEG_LOGLEVEL; -8 is AV_LOG_QUIET) are silenced unless the
  // user set them.
  ::setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", 0);
  if (!std::getenv("OPENCV_LOG_LEVEL")) cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  install_interrupt_handlers();

  try {
    return run(argc, argv);
  } catch (...) {
    const Problem problem = problem_of(std::current_exception());
    print_error(problem.message);
    return problem.status;
  }
}
