// The C ABI's filters (sat/sat_c.h): sat_filter_apply and sat_filter_session_apply, any filter of the catalog by name
// with its parameters by name, and the catalog itself for bindings that generate their functions from it (the
// deprecated per-filter functions are in deprecated_entry_points.cpp). Every error names the C function that was called
// ("sat_filter_apply: window must be odd, 3..46339 (got 8)").
#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "c_api_guard.h"
#include "filters/filter_validate.h"
#include "sat/filter_session.h"
#include "sat/filter_spec.h"
#include "sat/filters.h"
#include "sat/sat_c.h"
#include "support/renamed_error.h"

static_assert(SAT_PARAM_INT == int(sat::ParamKind::Int));
static_assert(SAT_PARAM_REAL == int(sat::ParamKind::Real));
static_assert(SAT_PARAM_BOOL == int(sat::ParamKind::Bool));
static_assert(SAT_PARAM_CHOICE == int(sat::ParamKind::Choice));
static_assert(SAT_PARAM_IMAGE == int(sat::ParamKind::Image));

namespace {

using sat::c_api::guarded;
using sat::c_api::require;

sat::ConstImage8 const_image_of(const sat_image8& i) { return {i.data, i.pitch, i.width, i.height, i.channels}; }
sat::Image8 image_of(const sat_image8& i) { return {i.data, i.pitch, i.width, i.height, i.channels}; }
sat::ConstImage16 const_image_of(const sat_image16& i) { return {i.data, i.pitch, i.width, i.height, i.channels}; }
sat::Image16 image_of(const sat_image16& i) { return {i.data, i.pitch, i.width, i.height, i.channels}; }

// f() with its sat::Errors named `call` (the C function) instead of the C++ entry point.
template <class F>
void as_call(const char* call, F&& f) {
  try {
    f();
  } catch (const sat::Error& e) {
    throw sat::detail::renamed(e, call);
  }
}

}  // namespace

void sat::c_api::apply(const char* call, sat_filter_engine* engine, const sat::FilterSpec& spec, const sat_image8* src,
                       const sat_image8* dst, void* stream) {
  require(engine, call, "engine");
  require(src, call, "source image");
  require(dst, call, "destination image");
  as_call(call,
          [&] { engine->engine.apply(spec, const_image_of(*src), image_of(*dst), static_cast<cudaStream_t>(stream)); });
}

namespace {

using sat::c_api::apply;

// `filter` with `params` over its defaults: an image parameter by its image, any other by its
// text when given, else by its value. Unknown names and values out of range: the catalog's text.
sat::FilterSpec spec_of(const char* call, const char* filter, const sat_filter_param* params, int param_count) {
  require(filter, call, "filter name");
  if (param_count < 0)
    throw sat::Error(sat::ErrorCode::InvalidArgument, call,
                     "param_count must be >= 0 (got " + std::to_string(param_count) + ")");
  if (param_count > 0) require(params, call, "params");
  sat::FilterSpec spec;
  as_call(call, [&] { spec = sat::default_spec(filter); });
  const sat::FilterInfo& info = sat::info_of(spec);
  for (int i = 0; i < param_count; ++i) {
    const sat_filter_param& p = params[i];
    if (p.name == nullptr)
      throw sat::Error(sat::ErrorCode::InvalidArgument, call, "params[" + std::to_string(i) + "].name is null");
    as_call(call, [&] {
      const sat::ParamInfo* param = sat::find_param(info, p.name);
      if (param && param->kind == sat::ParamKind::Image) {
        if (p.image == nullptr)
          throw sat::Error(
              sat::ErrorCode::InvalidArgument, call,
              std::string(p.name) + " is an image parameter: give it as params[" + std::to_string(i) + "].image");
        // Today's checks of an image (size, channels, pitch, address range) under its own name.
        sat::filters::check_image_param(call, p.name, const_image_of(*p.image));
        sat::set_image_param(spec, p.name, const_image_of(*p.image));
      } else if (p.text) {
        sat::parse_param(spec, p.name, p.text);
      } else {
        sat::set_param(spec, p.name, p.value);  // an unknown name: the catalog's message
      }
    });
  }
  return spec;
}

// The catalog's texts as C strings that live as long as the library: the catalog's own views are
// not promised to end in '\0', and range texts are computed.
struct ParamTexts {
  std::string name, help, range;
  std::vector<std::string> choices;
};
struct FilterTexts {
  std::string name, summary;
  std::vector<ParamTexts> params;
};

const std::vector<FilterTexts>& catalog_texts() {
  static const std::vector<FilterTexts> texts = [] {
    std::vector<FilterTexts> all;
    for (const sat::FilterInfo& info : sat::filter_catalog()) {
      FilterTexts f{std::string(info.name), std::string(info.summary), {}};
      for (const sat::ParamInfo& p : info.params) {
        ParamTexts t{std::string(p.name), std::string(p.help), sat::range_text(p), {}};
        for (std::string_view c : p.choices) t.choices.emplace_back(c);
        f.params.push_back(std::move(t));
      }
      all.push_back(std::move(f));
    }
    return all;
  }();
  return texts;
}

const sat::FilterInfo* filter_at(int filter) {
  const auto& catalog = sat::filter_catalog();
  return filter >= 0 && std::size_t(filter) < catalog.size() ? &catalog[std::size_t(filter)] : nullptr;
}

const sat::ParamInfo* param_at(int filter, int param) {
  const sat::FilterInfo* info = filter_at(filter);
  return info && param >= 0 && std::size_t(param) < info->params.size() ? &info->params[std::size_t(param)] : nullptr;
}

}  // namespace

sat_param_info sat::c_api::param_info_of(const ParamInfo& p, const char* name, const char* help, double default_value) {
  return sat_param_info{name,
                        int(p.kind),
                        p.min,
                        p.max,
                        p.min_open ? 1 : 0,
                        p.max_open ? 1 : 0,
                        p.odd ? 1 : 0,
                        int(p.choices.size()),
                        default_value,
                        p.step,
                        help};
}

namespace {

// A session's call on either sample type (sat_image8, sat_image16): the images as views that
// carry their type, on the host for Backend::Cpu, in device memory on `stream` for Backend::Cuda.
template <class Image>
sat_status session_apply(const char* call, sat_filter_session* session, const char* filter,
                         const sat_filter_param* params, int param_count, const Image* src, const Image* dst,
                         void* stream) {
  return guarded([&] {
    require(session, call, "session");
    const sat::FilterSpec spec = spec_of(call, filter, params, param_count);
    require(src, call, "source image");
    require(dst, call, "destination image");
    sat::FilterSession& s = session->session;
    const sat::ConstImageView in(const_image_of(*src));
    const sat::ImageView out(image_of(*dst));
    as_call(call, [&] {
      if (s.backend() == sat::Backend::Cpu)
        s.run_host(spec, in, out);
      else
        s.run_device(spec, in, out, static_cast<cudaStream_t>(stream));
    });
  });
}

}  // namespace

extern "C" {

sat_status sat_filter_apply(sat_filter_engine* engine, const char* filter, const sat_filter_param* params,
                            int param_count, const sat_image8* src, const sat_image8* dst, void* stream) {
  constexpr const char* call = "sat_filter_apply";
  return guarded([&] { apply(call, engine, spec_of(call, filter, params, param_count), src, dst, stream); });
}

sat_status sat_filter_apply16(sat_filter_engine* engine, const char* filter, const sat_filter_param* params,
                              int param_count, const sat_image16* src, const sat_image16* dst, void* stream) {
  constexpr const char* call = "sat_filter_apply16";
  return guarded([&] {
    const sat::FilterSpec spec = spec_of(call, filter, params, param_count);
    require(engine, call, "engine");
    require(src, call, "source image");
    require(dst, call, "destination image");
    as_call(call, [&] {
      engine->engine.apply(spec, const_image_of(*src), image_of(*dst), static_cast<cudaStream_t>(stream));
    });
  });
}

sat_status sat_filter_session_apply(sat_filter_session* session, const char* filter, const sat_filter_param* params,
                                    int param_count, const sat_image8* src, const sat_image8* dst, void* stream) {
  return session_apply("sat_filter_session_apply", session, filter, params, param_count, src, dst, stream);
}

sat_status sat_filter_session_apply16(sat_filter_session* session, const char* filter, const sat_filter_param* params,
                                      int param_count, const sat_image16* src, const sat_image16* dst, void* stream) {
  return session_apply("sat_filter_session_apply16", session, filter, params, param_count, src, dst, stream);
}

sat_status sat_filter_get_footprint(const char* filter, const sat_filter_param* params, int param_count,
                                    sat_filter_footprint* footprint) {
  constexpr const char* call = "sat_filter_get_footprint";
  return guarded([&] {
    require(footprint, call, "result pointer");
    const sat::Footprint f = sat::footprint(spec_of(call, filter, params, param_count));
    *footprint = sat_filter_footprint{f.halo_x, f.halo_y, f.position_dependent ? 1 : 0};
  });
}

int sat_filter_count(void) { return int(sat::filter_catalog().size()); }

const char* sat_filter_name(int filter) {
  return filter_at(filter) ? catalog_texts()[std::size_t(filter)].name.c_str() : nullptr;
}

const char* sat_filter_summary(int filter) {
  return filter_at(filter) ? catalog_texts()[std::size_t(filter)].summary.c_str() : nullptr;
}

int sat_filter_find(const char* name) {
  if (name == nullptr) return -1;
  const sat::FilterInfo* info = sat::find_filter(name);
  return info ? int(info - sat::filter_catalog().data()) : -1;
}

int sat_filter_gray_output(int filter) {
  const sat::FilterInfo* info = filter_at(filter);
  if (!info) return -1;
  return info->output == sat::FilterOutput::Gray ? 1 : 0;
}

int sat_filter_sample_types(int filter) {
  const sat::FilterInfo* info = filter_at(filter);
  if (!info) return 0;
  return (sat::takes_samples(*info, sat::SampleType::U8) ? SAT_SAMPLE_U8 : 0) |
         (sat::takes_samples(*info, sat::SampleType::U16) ? SAT_SAMPLE_U16 : 0);
}

int sat_filter_param_count(int filter) {
  const sat::FilterInfo* info = filter_at(filter);
  return info ? int(info->params.size()) : -1;
}

sat_status sat_filter_param_info(int filter, int param, sat_param_info* info) {
  constexpr const char* call = "sat_filter_param_info";
  return guarded([&] {
    require(info, call, "result pointer");
    const sat::ParamInfo* p = param_at(filter, param);
    if (!p)
      throw sat::Error(sat::ErrorCode::InvalidArgument, call,
                       "no parameter " + std::to_string(param) + " of filter " + std::to_string(filter) + " (" +
                           std::to_string(sat_filter_count()) + " filters; " +
                           (filter_at(filter) ? std::to_string(sat_filter_param_count(filter)) + " parameters"
                                              : std::string("no such filter")) +
                           ")");
    const ParamTexts& texts = catalog_texts()[std::size_t(filter)].params[std::size_t(param)];
    const sat::FilterSpec& defaults = filter_at(filter)->defaults;
    *info = sat::c_api::param_info_of(*p, texts.name.c_str(), texts.help.c_str(),
                                      p->kind == sat::ParamKind::Image ? 0.0 : sat::get_param(defaults, p->name));
  });
}

const char* sat_filter_param_choice(int filter, int param, int choice) {
  if (!param_at(filter, param)) return nullptr;
  const auto& choices = catalog_texts()[std::size_t(filter)].params[std::size_t(param)].choices;
  return choice >= 0 && std::size_t(choice) < choices.size() ? choices[std::size_t(choice)].c_str() : nullptr;
}

const char* sat_filter_param_range(int filter, int param) {
  return param_at(filter, param) ? catalog_texts()[std::size_t(filter)].params[std::size_t(param)].range.c_str()
                                 : nullptr;
}

}  // extern "C"
