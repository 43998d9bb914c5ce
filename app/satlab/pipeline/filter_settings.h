// The image filter the pipelines run: none, or one of satcore's catalog (sat/filter_spec.h) with
// its parameters. One value type shared by the command line, the control panel and the pipelines;
// every filter's name, parameters, ranges and description come from the catalog, so a filter added
// to satcore appears in satlab without an edit here. Only what the pipelines filter: the shadow
// demo is a scene of its own (scene/scene_settings.h), so the pipelines know nothing of it.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "common/frame/filter_images.h"
#include "sat/error.h"
#include "sat/filter_spec.h"

namespace satlab {

// How many filters satcore's catalog has (one per FilterSpec alternative).
inline constexpr int kCatalogSize = static_cast<int>(std::variant_size_v<sat::FilterSpec>);

// The position of a parameter struct in sat::FilterSpec, which is its filter's catalog index.
template <class Params, class Spec = sat::FilterSpec>
struct CatalogIndex;
template <class Params, class... Alternatives>
struct CatalogIndex<Params, std::variant<Alternatives...>> {
  static constexpr std::size_t find() {
    constexpr bool same[] = {std::is_same_v<Params, Alternatives>...};
    for (std::size_t i = 0; i < sizeof...(Alternatives); ++i)
      if (same[i]) return i;
    return sizeof...(Alternatives);
  }
  static constexpr std::size_t value = find();
  static_assert(value < sizeof...(Alternatives), "not a parameter struct of sat::FilterSpec");
};
template <class Params>
inline constexpr std::size_t kCatalogIndex = CatalogIndex<Params>::value;

// The filter menu's image filters: None (the input as it is), then satcore's catalog in its order:
// FilterKind(1 + i) is sat::filter_catalog()[i]. Box, the catalog's first, is named because it is
// satlab's default filter (as satfilter's and the Python module's).
enum class FilterKind : int { None = 0, Box = 1 };
static_assert(kCatalogIndex<sat::BoxBlurParams> == 0, "FilterKind::Box is the catalog's first filter");

constexpr FilterKind filter_kind_of_index(std::size_t catalog_index) {
  return static_cast<FilterKind>(static_cast<int>(catalog_index) + 1);
}
template <class Params>
constexpr FilterKind filter_kind_of() {
  return filter_kind_of_index(kCatalogIndex<Params>);
}
// The catalog index of a filter other than None.
constexpr std::size_t catalog_index(FilterKind kind) { return static_cast<std::size_t>(static_cast<int>(kind) - 1); }
constexpr bool is_catalog_filter(FilterKind kind) {
  return static_cast<int>(kind) >= 1 && static_cast<int>(kind) <= kCatalogSize;
}

namespace detail {
template <std::size_t... I>
constexpr std::array<FilterKind, 1 + sizeof...(I)> all_filter_kinds(std::index_sequence<I...>) {
  return {FilterKind::None, filter_kind_of_index(I)...};
}
}  // namespace detail

// Every entry of the filter menu, in its order: None, then the catalog.
inline constexpr std::array<FilterKind, 1 + kCatalogSize> kAllFilterKinds =
    detail::all_filter_kinds(std::make_index_sequence<kCatalogSize>());

// "none", or the catalog's name ("box", "threshold", "sauvola", ...). "?" for a value outside the menu.
const char* to_string(FilterKind kind);
// "none", or a catalog name or alias ("mean-c" is threshold).
std::optional<FilterKind> parse_filter_kind(std::string_view name);
// Whether the filter's output is one gray channel (the catalog's FilterOutput::Gray: the
// thresholds, local statistics) rather than the source's colours.
bool outputs_gray(FilterKind kind);

// Each catalog filter's parameters, in catalog order: specs[i] holds FilterSpec's i-th alternative.
using FilterSpecs = std::array<sat::FilterSpec, kCatalogSize>;
// Every filter with satcore's defaults (its parameter struct's member initialisers).
FilterSpecs default_filter_specs();

struct FilterSettings {
  FilterKind kind = FilterKind::Box;
  // The parameters of every filter, kept while another one is shown (the panel and the command
  // line set them; switching back finds them as they were).
  FilterSpecs specs = default_filter_specs();

  // The shown filter's spec; nullptr for None (or a kind outside the menu).
  const sat::FilterSpec* spec() const;
  sat::FilterSpec* spec();

  // One filter's parameters by their struct, shown or not (e.g. the variable blur's focus).
  template <class Params>
  Params& params() {
    return std::get<Params>(specs[kCatalogIndex<Params>]);
  }
  template <class Params>
  const Params& params() const {
    return std::get<Params>(specs[kCatalogIndex<Params>]);
  }
  // Shows `spec`'s filter with its parameters.
  void show(const sat::FilterSpec& spec);

  // The files given for the filters' Image parameters (--radius-map FILE), decoded on the host:
  // images[i] belong to specs[i] (pipeline/filter_image_file.h reads them). spec_to_run() binds them.
  std::array<std::vector<satapp::FilterImage>, kCatalogSize> images;
};

// Whether the shown filter (a catalog filter) runs with the images given for it: there are some
// and its rules take them. The variable blur reads its radius map with shape map only: another
// shape chosen in the panel runs without the map, as the catalog wants.
bool takes_images(const FilterSettings& settings);

// The shown filter's spec (a catalog filter's) as a pipeline runs it: with the images given for
// it bound through `view` (the host Mat of images[i], or its device copy) when it takes them.
template <class View>
sat::FilterSpec spec_to_run(const FilterSettings& settings, View view) {
  const sat::FilterSpec& spec = *settings.spec();
  if (!takes_images(settings)) return spec;
  return satapp::bind_filter_images(spec, settings.images[catalog_index(settings.kind)], view);
}

// The first filter with an image (--radius-map) that frames of `width`×`height` cannot take, and
// why (filter_image_problem's words, naming `source`); nullopt when every image fits.
struct UnfitFilterImage {
  std::size_t filter;  // catalog index: images[filter]
  std::string problem;
};
std::optional<UnfitFilterImage> unfit_filter_image(const FilterSettings& settings, int width, int height,
                                                   const std::string& source);

// One line for logs and overlays: "none", else sat::describe(), e.g. "box 9x9 reflect101".
std::string describe(const FilterSettings& settings);

}  // namespace satlab
