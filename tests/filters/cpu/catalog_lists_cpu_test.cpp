// The catalog's lists agree: every filter folder's parameter struct (sat/filter_list.h, generated
// from core/src/filters/*/) is one alternative of sat::FilterSpec, in catalog_rank order, and
// every alternative has a name, a one-line description, a footprint, a memory figure and a run
// on the CPU backend. (Its CUDA run: ApplyGpu.SameBytesAsCpuAcrossFiltersOnOneEngine.)
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "sat/filter_spec.h"
#include "sat/filters.h"

namespace sat {
namespace {

template <class T, class... Alternatives>
constexpr int count_in(std::variant<Alternatives...>*) {
  return (int(std::is_same_v<T, Alternatives>) + ... + 0);
}

// Every struct the folders list is in FilterSpec exactly once, and nothing else is.
template <class... Params>
constexpr bool each_once(detail::FilterParamsList<Params...>*) {
  return sizeof...(Params) == std::variant_size_v<FilterSpec> &&
         ((count_in<Params>(static_cast<FilterSpec*>(nullptr)) == 1) && ...);
}
static_assert(each_once(static_cast<detail::AllFilterParams*>(nullptr)),
              "FilterSpec holds every filter folder's parameter struct once");

// Menus list the filters in ascending catalog_rank, box blur first.
template <class... Alternatives>
constexpr bool ranks_ascend(std::variant<Alternatives...>*) {
  constexpr int ranks[] = {Alternatives::catalog_rank...};
  for (std::size_t i = 1; i < sizeof...(Alternatives); ++i)
    if (!(ranks[i - 1] < ranks[i])) return false;
  return true;
}
static_assert(ranks_ascend(static_cast<FilterSpec*>(nullptr)), "FilterSpec is in ascending catalog_rank");
static_assert(std::is_same_v<std::variant_alternative_t<0, FilterSpec>, BoxBlurParams>,
              "box blur is the first filter (a default FilterSpec)");

// Each alternative is a plain struct of values: a default is its filter's defaults, braces set it.
template <class... Alternatives>
constexpr bool plain_structs(std::variant<Alternatives...>*) {
  return ((std::is_aggregate_v<Alternatives> && std::is_trivially_copyable_v<Alternatives>)&&...);
}
static_assert(plain_structs(static_cast<FilterSpec*>(nullptr)), "parameter structs are aggregates of values");

std::vector<uint8_t> random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> byte(0, 255);
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) b = uint8_t(byte(rng));
  return v;
}

TEST(CatalogLists, EveryAlternativeHasEveryEntry) {
  const std::vector<FilterInfo>& catalog = filter_catalog();
  ASSERT_EQ(catalog.size(), std::variant_size_v<FilterSpec>);
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const FilterInfo& info = catalog[i];
    SCOPED_TRACE(std::string(info.name));
    EXPECT_FALSE(info.name.empty());
    EXPECT_TRUE(names.insert(info.name).second) << "two filters share a name";
    EXPECT_EQ(info.defaults.index(), i) << "its description holds another filter's struct";
    EXPECT_EQ(describe(info.defaults).rfind(std::string(info.name), 0), 0u) << describe(info.defaults);
    ASSERT_NE(info.footprint, nullptr);
    const Footprint f = footprint(info.defaults);
    EXPECT_GE(f.halo_x, 0);
    EXPECT_GE(f.halo_y, 0);
    ASSERT_NE(info.scratch, nullptr);
    EXPECT_GT(scratch_memory(info.defaults, {64, 48}, 3).cuda_bytes, 0u) << "CUDA uses the engine's buffers at least";
  }
}

// Every filter runs on the CPU backend with its defaults, gray and colour, and writes its output.
TEST(CatalogLists, EveryFilterRunsOnTheCpu) {
  constexpr int w = 37, h = 23;  // odd sizes
  FilterEngine engine(Backend::Cpu, {w, h});
  for (const FilterInfo& info : filter_catalog()) {
    for (int channels : {1, 3}) {
      SCOPED_TRACE(std::string(info.name) + ", " + std::to_string(channels) + " channel(s)");
      std::vector<uint8_t> src = random_bytes(std::size_t(w) * h * channels, unsigned(channels));
      const int out_channels = output_channels(info.defaults, channels);
      const std::size_t dst_pitch = std::size_t(w) * out_channels;
      const std::vector<uint8_t> unwritten(dst_pitch * h, 0xA5);
      std::vector<uint8_t> dst = unwritten;
      ASSERT_NO_THROW(engine.apply(info.defaults, ConstImage8{src.data(), std::size_t(w) * channels, w, h, channels},
                                   Image8{dst.data(), dst_pitch, w, h, out_channels}));
      EXPECT_NE(dst, unwritten);
    }
  }
}

}  // namespace
}  // namespace sat
