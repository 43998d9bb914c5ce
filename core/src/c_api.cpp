// The C ABI (sat/sat_c.h): tables, workspaces and filter engines (the filters themselves and the
// catalog: c_api_filters.cpp). Each function converts its C arguments, calls the C++ entry point
// and turns every exception into a status plus a thread-local message (c_api_guard.h). No
// exception crosses it.
#include "sat/sat_c.h"

#include <string>
#include <vector>

#include "c_api_guard.h"
#include "sat/filters.h"
#include "sat/sat.h"

#ifndef SATCORE_VERSION
#error "SATCORE_VERSION is set by the build"
#endif

// The C values are the C++ enums' values: one table of names, no translation.
static_assert(SAT_U32X2_TO_U32X2 == int(sat::ElementType::U32x2ToU32x2));
static_assert(SAT_U16_TO_U32 == int(sat::ElementType::U16ToU32));
static_assert(SAT_U16_TO_U64 == int(sat::ElementType::U16ToU64));
static_assert(SAT_U16_TO_SUMSQ == int(sat::ElementType::U16ToSumSq));
static_assert(SAT_U16X4_TO_U32X4 == int(sat::ElementType::U16x4ToU32x4));
static_assert(SAT_F32_TO_F32 == int(sat::ElementType::F32ToF32));
static_assert(SAT_ALGORITHM_1R1W_SKSS_LB == int(sat::Algorithm::SkssLb1R1W));
static_assert(SAT_ALGORITHM_2R1W == int(sat::Algorithm::Tiled2R1W));
static_assert(SAT_BACKEND_CPU == int(sat::Backend::Cpu));
static_assert(SAT_BORDER_REPLICATE == int(sat::Border::Replicate));
static_assert(SAT_ERROR_CUDA == int(sat::ErrorCode::CudaError) + 1);
static_assert(SAT_PART_TEXT == int(sat::PartKind::Text) && SAT_PART_PARAMETER == int(sat::PartKind::Parameter));
static_assert(SAT_PART_ARGUMENT == int(sat::PartKind::Argument) && SAT_PART_FILE == int(sat::PartKind::File));

struct sat_workspace {
  sat::Workspace workspace;
};

namespace sat::c_api {

LastError& last_error() {
  thread_local LastError error;
  return error;
}

}  // namespace sat::c_api

namespace {

using sat::c_api::guarded;
using sat::c_api::require;

}  // namespace

sat::Options sat::c_api::options_of(const sat_options* o) {
  sat::Options options;
  if (o) {
    options.algorithm = sat::Algorithm(o->algorithm);
    options.tile = o->tile;
    options.hybrid_r = o->hybrid_r;
    options.table = sat::Table(o->table);
  }
  return options;
}

namespace {

using sat::c_api::options_of;

sat::Problem problem_of(const sat_problem& p) {
  return {sat::ElementType(p.type), {p.width, p.height}, p.input, p.input_pitch, p.output, p.output_pitch};
}

sat::Batch batch_of(const sat_batch* b) {
  return b ? sat::Batch{b->planes, b->input_plane_stride, b->output_plane_stride} : sat::Batch{};
}

}  // namespace

extern "C" {

const char* sat_version(void) { return SATCORE_VERSION; }
const char* sat_last_error(void) { return sat::c_api::last_error().text.c_str(); }
const char* sat_last_error_message(void) { return sat::c_api::last_error().message.c_str(); }

size_t sat_last_error_part_count(void) { return sat::c_api::last_error().parts.size(); }

const char* sat_last_error_part(size_t index, int* kind) {
  const std::vector<sat::MessagePart>& parts = sat::c_api::last_error().parts;
  if (index >= parts.size()) return nullptr;
  if (kind) *kind = int(parts[index].kind);
  return parts[index].text.c_str();
}

const char* sat_last_error_subject(int* kind) {
  for (const sat::MessagePart& part : sat::c_api::last_error().parts)
    if (part.kind != sat::PartKind::Text) {
      if (kind) *kind = int(part.kind);
      return part.text.c_str();
    }
  if (kind) *kind = SAT_PART_TEXT;
  return "";
}

const char* sat_status_name(sat_status status) {
  if (status == SAT_OK) return "ok";
  if (status == SAT_ERROR_INTERNAL) return "internal error";
  if (status < SAT_OK || status > SAT_ERROR_INTERNAL) return "unknown status";
  return sat::to_string(sat::ErrorCode(int(status) - 1));
}

sat_options sat_default_options(void) {
  const sat::Options o;
  return {int(o.algorithm), o.tile, o.hybrid_r, int(o.table)};
}

const char* sat_algorithm_name(int algorithm) {
  for (sat::Algorithm a : sat::kAllAlgorithms)
    if (int(a) == algorithm) return sat::to_string(a);
  return nullptr;
}

sat_status sat_parse_algorithm(const char* name, int* algorithm) {
  return guarded([&] {
    require(name, "sat_parse_algorithm", "name");
    require(algorithm, "sat_parse_algorithm", "result pointer");
    const auto parsed = sat::parse_algorithm(name);
    if (!parsed)
      throw sat::Error(sat::ErrorCode::InvalidArgument, "sat_parse_algorithm",
                       std::string("unknown algorithm '") + name + "'");
    *algorithm = int(*parsed);
  });
}

size_t sat_input_element_size(int type) {
  for (sat::ElementType t : sat::kAllElementTypes)
    if (int(t) == type) return sat::input_element_size(t);
  return 0;
}

size_t sat_output_element_size(int type) {
  for (sat::ElementType t : sat::kAllElementTypes)
    if (int(t) == type) return sat::output_element_size(t);
  return 0;
}

sat_status sat_workspace_size(const sat_problem* problem, const sat_options* options, int planes, size_t* bytes) {
  return guarded([&] {
    require(problem, "sat_workspace_size", "problem");
    require(bytes, "sat_workspace_size", "result pointer");
    *bytes = sat::batch_workspace_size(sat::ElementType(problem->type), {problem->width, problem->height}, planes,
                                       options_of(options));
  });
}

sat_status sat_compute(const sat_problem* problem, const sat_batch* batch, const sat_options* options, void* workspace,
                       size_t workspace_bytes, void* stream) {
  return guarded([&] {
    require(problem, "sat_compute", "problem");
    sat::compute_batch(problem_of(*problem), batch_of(batch), options_of(options), workspace, workspace_bytes,
                       static_cast<cudaStream_t>(stream));
  });
}

sat_status sat_workspace_create(sat_workspace** workspace) {
  return guarded([&] {
    require(workspace, "sat_workspace_create", "result pointer");
    *workspace = nullptr;
    *workspace = new sat_workspace{};
  });
}

void sat_workspace_destroy(sat_workspace* workspace) { delete workspace; }

size_t sat_workspace_bytes(const sat_workspace* workspace) { return workspace ? workspace->workspace.bytes() : 0; }

sat_status sat_compute_in(sat_workspace* workspace, const sat_problem* problem, const sat_batch* batch,
                          const sat_options* options, void* stream) {
  return guarded([&] {
    require(workspace, "sat_compute_in", "workspace");
    require(problem, "sat_compute_in", "problem");
    workspace->workspace.compute_batch(problem_of(*problem), batch_of(batch), options_of(options),
                                       static_cast<cudaStream_t>(stream));
  });
}

sat_status sat_cpu_compute(const sat_problem* problem, const sat_batch* batch, int threads) {
  return guarded([&] {
    require(problem, "sat_cpu_compute", "problem");
    sat::cpu_parallel_batch(problem_of(*problem), batch_of(batch), threads);
  });
}

sat_status sat_cpu_compute_tilted(const sat_problem* problem, const sat_batch* batch) {
  return guarded([&] {
    require(problem, "sat_cpu_compute_tilted", "problem");
    sat::cpu_tilted(problem_of(*problem), batch_of(batch));
  });
}

sat_status sat_filter_engine_create(int backend, int max_width, int max_height, const sat_options* options,
                                    sat_filter_engine** engine) {
  return guarded([&] {
    require(engine, "sat_filter_engine_create", "result pointer");
    *engine = nullptr;
    if (backend != SAT_BACKEND_CUDA && backend != SAT_BACKEND_CPU)
      throw sat::Error(sat::ErrorCode::InvalidArgument, "sat_filter_engine_create",
                       "backend must be SAT_BACKEND_CUDA or SAT_BACKEND_CPU (got " + std::to_string(backend) + ")");
    *engine =
        new sat_filter_engine{sat::FilterEngine(sat::Backend(backend), {max_width, max_height}, options_of(options))};
  });
}

void sat_filter_engine_destroy(sat_filter_engine* engine) { delete engine; }

sat_status sat_filter_session_create(int backend, const sat_options* options, sat_filter_session** session) {
  return guarded([&] {
    require(session, "sat_filter_session_create", "result pointer");
    *session = nullptr;
    if (backend != SAT_BACKEND_CUDA && backend != SAT_BACKEND_CPU)
      throw sat::Error(sat::ErrorCode::InvalidArgument, "sat_filter_session_create",
                       "backend must be SAT_BACKEND_CUDA or SAT_BACKEND_CPU (got " + std::to_string(backend) + ")");
    *session = new sat_filter_session{sat::FilterSession(sat::Backend(backend), options_of(options))};
  });
}

void sat_filter_session_destroy(sat_filter_session* session) { delete session; }

sat_status sat_filter_session_set_options(sat_filter_session* session, const sat_options* options) {
  return guarded([&] {
    require(session, "sat_filter_session_set_options", "session");
    session->session.set_sat_options(options_of(options));
  });
}

sat_status sat_filter_session_release(sat_filter_session* session) {
  return guarded([&] {
    require(session, "sat_filter_session_release", "session");
    session->session.release();
  });
}

sat_status sat_filter_session_extent(const sat_filter_session* session, int* width, int* height) {
  return guarded([&] {
    require(session, "sat_filter_session_extent", "session");
    require(width, "sat_filter_session_extent", "width pointer");
    require(height, "sat_filter_session_extent", "height pointer");
    const sat::Extent extent = session->session.extent();
    *width = extent.width;
    *height = extent.height;
  });
}

}  // extern "C"
