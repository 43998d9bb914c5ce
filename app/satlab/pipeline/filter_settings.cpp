#include "pipeline/filter_settings.h"

#include <vector>

#include "pipeline/mat_view.h"

namespace satlab {

namespace {

template <std::size_t... I>
FilterSpecs make_default_specs(std::index_sequence<I...>) {
  return {sat::FilterSpec(std::in_place_index<I>)...};  // each alternative value-initialised: its defaults
}

}  // namespace

const char* to_string(FilterKind kind) {
  if (kind == FilterKind::None) return "none";
  if (!is_catalog_filter(kind)) return "?";
  // The catalog's names are string literals (the C ABI hands them out as C strings too).
  return sat::filter_catalog()[catalog_index(kind)].name.data();
}

std::optional<FilterKind> parse_filter_kind(std::string_view name) {
  if (name == "none") return FilterKind::None;
  const sat::FilterInfo* info = sat::find_filter(name);
  if (!info) return std::nullopt;
  const std::vector<sat::FilterInfo>& catalog = sat::filter_catalog();
  for (std::size_t i = 0; i < catalog.size(); ++i)
    if (catalog[i].name == info->name) return filter_kind_of_index(i);
  return std::nullopt;
}

bool outputs_gray(FilterKind kind) {
  return is_catalog_filter(kind) && sat::filter_catalog()[catalog_index(kind)].output == sat::FilterOutput::Gray;
}

FilterSpecs default_filter_specs() { return make_default_specs(std::make_index_sequence<kCatalogSize>()); }

const sat::FilterSpec* FilterSettings::spec() const {
  return is_catalog_filter(kind) ? &specs[catalog_index(kind)] : nullptr;
}

sat::FilterSpec* FilterSettings::spec() { return is_catalog_filter(kind) ? &specs[catalog_index(kind)] : nullptr; }

void FilterSettings::show(const sat::FilterSpec& shown) {
  specs[shown.index()] = shown;
  kind = filter_kind_of_index(shown.index());
}

bool takes_images(const FilterSettings& settings) {
  if (!settings.spec()) return false;
  const std::vector<satapp::FilterImage>& images = settings.images[catalog_index(settings.kind)];
  if (images.empty()) return false;
  // The rules look at the images' sizes and presence, not at where their pixels lie: the host
  // Mats stand for any copy of them.
  const sat::FilterSpec bound =
      satapp::bind_filter_images(*settings.spec(), images, [&](std::size_t i) { return image_view(images[i].image); });
  try {
    sat::validate(bound, "satlab");
    return true;
  } catch (const sat::Error&) {
    return false;
  }
}

std::optional<UnfitFilterImage> unfit_filter_image(const FilterSettings& settings, int width, int height,
                                                   const std::string& source) {
  for (std::size_t f = 0; f < settings.images.size(); ++f)
    for (const satapp::FilterImage& image : settings.images[f]) {
      std::string problem = satapp::filter_image_problem(image, width, height, source);
      if (!problem.empty()) return UnfitFilterImage{f, std::move(problem)};
    }
  return std::nullopt;
}

std::string describe(const FilterSettings& settings) {
  const sat::FilterSpec* spec = settings.spec();
  return spec ? sat::describe(*spec) : std::string(to_string(settings.kind));
}

}  // namespace satlab
