// std::variant of a list of parameter structs in the order of their catalog_rank, whatever the
// order of the list: the build lists the filters by folder, menus list them by rank.
#pragma once

#include <array>
#include <cstddef>
#include <tuple>
#include <utility>
#include <variant>

namespace sat::detail {

template <class List>
struct RankedVariant;

template <template <class...> class List, class... Params>
struct RankedVariant<List<Params...>> {
  static constexpr std::size_t kCount = sizeof...(Params);

  // The positions of Params in ascending rank (insertion sort: a handful of filters).
  static constexpr std::array<std::size_t, kCount> order() {
    constexpr int ranks[] = {Params::catalog_rank...};
    std::array<std::size_t, kCount> index{};
    for (std::size_t i = 0; i < kCount; ++i) index[i] = i;
    for (std::size_t i = 1; i < kCount; ++i)
      for (std::size_t j = i; j > 0 && ranks[index[j]] < ranks[index[j - 1]]; --j) {
        const std::size_t t = index[j];
        index[j] = index[j - 1];
        index[j - 1] = t;
      }
    return index;
  }

  static constexpr bool ranks_distinct() {
    constexpr int ranks[] = {Params::catalog_rank...};
    for (std::size_t i = 0; i < kCount; ++i)
      for (std::size_t j = i + 1; j < kCount; ++j)
        if (ranks[i] == ranks[j]) return false;
    return true;
  }
  static_assert(ranks_distinct(), "two filters have the same catalog_rank: menus would list them in no set order");

  template <std::size_t... I>
  static auto sorted(std::index_sequence<I...>)
      -> std::variant<std::tuple_element_t<order()[I], std::tuple<Params...>>...>;

  using type = decltype(sorted(std::make_index_sequence<kCount>{}));
};

}  // namespace sat::detail
