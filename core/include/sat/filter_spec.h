// A filter is a value: a FilterSpec holds one filter's parameter struct (sat/filter_params.h), and
// the catalog describes every filter once — its name, its parameters (name, kind, range, help),
// how it is described in one line and what it outputs. FilterEngine::apply(spec, ...) runs any
// of them. The programs and bindings (satlab's panel, satfilter's options, Python's keyword
// arguments, the C ABI) are generated from the catalog: a new filter is its folder in satcore
// (core/src/filters/NAME/ with sat/filter_params/NAME.h) and its tests, nothing else.
//
//   sat::FilterSpec spec = sat::default_spec("sauvola");       // or sat::SauvolaParams{...}
//   sat::set_param(spec, "window", 31);                         // range-checked
//   engine.apply(spec, src, dst, stream);
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sat/detail/ranked_variant.h"
#include "sat/filter_params.h"
#include "sat/sat.h"

namespace sat {

// Every filter's parameter struct (sat/filter_list.h, generated from the filter folders) in
// catalog order: ascending catalog_rank, the order menus and help list them (box blur first).
using FilterSpec = detail::RankedVariant<detail::AllFilterParams>::type;

enum class ParamKind {
  Int,     // a whole number in [min, max]
  Real,    // a finite number in [min, max] (ends excluded where min_open / max_open)
  Bool,    // 0 or 1
  Choice,  // one of `choices` (value = index; text = the name)
  Image,   // an 8-bit image given beside the source (e.g. a radius map); no number
};

struct ParamInfo {
  std::string_view name;  // snake_case: the Python keyword; the command line's --kebab-case
  ParamKind kind = ParamKind::Int;
  double min = 0, max = 0;  // Int, Real (Choice: 0 … choices.size() − 1; Bool: 0 … 1)
  bool min_open = false, max_open = false;
  bool odd = false;  // Int: odd values only
  std::vector<std::string_view> choices;
  std::string_view help;  // one line, without the range (range_text() gives it)
  // A value the program's user can change live (a slider); its step for the panel.
  double step = 1;
};

enum class FilterOutput {
  SameChannels,  // dst has src's channels (1, 3 or 4)
  Gray,          // dst has 1 channel; colour src is converted to gray first
};

// The memory one FilterEngine::apply of a filter uses beyond src and dst, at its peak: host bytes
// on the CPU backend (scratch the filter allocates, rows per thread), device bytes on CUDA (the
// engine's table and staging buffers for the frame and the filter's scratch; satcore's SAT
// workspace not counted). On the CPU, in place (dst overlapping src) adds a copy of src.
struct ScratchMemory {
  std::size_t cpu_bytes = 0;
  std::size_t cuda_bytes = 0;
};

// The neighbourhood one output pixel reads: the pixels within halo_x columns and halo_y rows of
// it, with the filter's border rule at the image's edges. A tile of an image grown by its halo
// (and cut at the image's edges) gives, inside the tile, the whole image's values — unless
// position_dependent: then the result also depends on where the pixel lies in the whole image
// (e.g. a blur radius generated from the image's size), which a tile does not know.
struct Footprint {
  int halo_x = 0;
  int halo_y = 0;
  bool position_dependent = false;
};

struct FilterInfo {
  std::string_view name;                  // "box", "threshold", "sauvola", "bradley", "guided", ...
  std::vector<std::string_view> aliases;  // other accepted names ("mean-c", "adaptive")
  std::string_view summary;               // a paragraph: what it computes, its OpenCV/scikit-image twin
  std::vector<ParamInfo> params;          // in the order help lists them
  FilterOutput output = FilterOutput::SameChannels;
  FilterSpec defaults;  // the parameter struct with its default values
  // The peak scratch of this filter (spec holds its parameters) on a frame of `extent` with
  // `channels` (1, 3 or 4); an upper bound, measured in tests/app/satfilter/memory_test.cpp and
  // docs/cpu-backend.md. Most CPU filters need a few rows per thread; the tables of guided,
  // Kuwahara and the variable blur are kept in bands of rows on the CPU.
  ScratchMemory (*scratch)(const FilterSpec& spec, Extent extent, int channels) = nullptr;
  // The footprint of this filter for the parameters in spec (tiled processing: satcore.dask).
  Footprint (*footprint)(const FilterSpec& spec) = nullptr;
  // The sample types it takes (sat/filter_image.h); its output has the input's. Every front-end
  // reads this list: an image of another type is refused naming its type (check_sample_type).
  std::vector<SampleType> samples{SampleType::U8};
};

// Every filter, in FilterSpec's order (filter_catalog()[spec.index()] describes spec).
const std::vector<FilterInfo>& filter_catalog();
// By name or alias; nullptr when unknown.
const FilterInfo* find_filter(std::string_view name);
const FilterInfo& info_of(const FilterSpec& spec);
// The named filter with its defaults; throws Error(InvalidArgument) naming the known filters.
FilterSpec default_spec(std::string_view name);

// One parameter of a spec by its name. get_param: the value (Choice: the index; Bool: 0/1).
// set_param: checks the value against the parameter's range first (Error(InvalidArgument) with
// param_error()'s text); Image parameters are set with set_image_param.
const ParamInfo* find_param(const FilterInfo& info, std::string_view param);
double get_param(const FilterSpec& spec, std::string_view param);
void set_param(FilterSpec& spec, std::string_view param, double value);
// Text forms: a number, or a choice's name ("replicate"); format gives what parse takes.
void parse_param(FilterSpec& spec, std::string_view param, std::string_view text);
std::string format_param(const FilterSpec& spec, std::string_view param);
void set_image_param(FilterSpec& spec, std::string_view param, ConstImage8 image);

// "odd, 3..46339", "0 < k < 1", "reflect101 | replicate": the range in words, as help and errors say it.
std::string range_text(const ParamInfo& param);
// The one error text of a value out of range, in every program and binding:
// "window must be odd, 3..46339 (got 8)".
std::string param_error(const ParamInfo& param, double value);

// Whether `value` is in the parameter's range (an Image parameter takes no number), and the same
// as a check: throws Error(InvalidArgument, call, param_error()) when it is not. The detection
// parameters' catalog (sat/detect_params.h) checks its values with these too.
bool in_range(const ParamInfo& param, double value);
void check_param(const ParamInfo& param, double value, const char* call);

// Every parameter in range and every rule between them (e.g. shape Map needs a radius map);
// throws Error(InvalidArgument, call, text) with the same texts as set_param.
void validate(const FilterSpec& spec, const char* call = "sat::validate");

// One line for logs and overlays: "box 9x9 reflect101", "sauvola window 15 k 0.2 r 127.5".
std::string describe(const FilterSpec& spec);

// info_of(spec).scratch(spec, extent, channels).
ScratchMemory scratch_memory(const FilterSpec& spec, Extent extent, int channels);

// info_of(spec).footprint(spec).
Footprint footprint(const FilterSpec& spec);

// Output channels for an input of `src_channels`.
int output_channels(const FilterSpec& spec, int src_channels);

// Whether the filter takes images of `type`, and the same as a check: throws
// Error(InvalidArgument, call, "sauvola takes 8-bit images only (got 16-bit)") when it does not.
bool takes_samples(const FilterInfo& info, SampleType type);
void check_sample_type(const FilterSpec& spec, SampleType type, const char* call);
// "8-bit", "8-bit or 16-bit": the types a filter takes, in words.
std::string samples_text(const FilterInfo& info);

}  // namespace sat
