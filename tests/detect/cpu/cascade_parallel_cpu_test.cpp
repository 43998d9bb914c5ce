// The host side of the CUDA backend's parallel cascade: the skip rule's closed form against
// OpenCV's sequential row walk, when a stage's sum may be split over threads, and how many
// threads share a window.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "detect/flat_cascade.h"
#include "detect/haar_eval.h"
#include "detect/skip_rule.h"
#include "detect_test_data.h"
#include "sat/detect.h"

namespace {

using sat::detect::skip_rule_evaluated;

// CascadeClassifierInvoker's walk: after a first-stage rejection the next position is skipped.
std::vector<bool> walk(const std::vector<bool>& rejected) {
  std::vector<bool> evaluated(rejected.size(), false);
  for (std::size_t x = 0; x < rejected.size(); ++x) {
    evaluated[x] = true;
    if (rejected[x]) ++x;
  }
  return evaluated;
}

// The CUDA backend's way: words of 32 positions, the first position's state carried over.
std::vector<bool> by_words(const std::vector<bool>& rejected) {
  std::vector<bool> evaluated(rejected.size(), false);
  bool first = true;
  for (std::size_t base = 0; base < rejected.size(); base += 32) {
    uint32_t word = 0;
    for (std::size_t i = 0; i < 32 && base + i < rejected.size(); ++i) word |= uint32_t(rejected[base + i]) << i;
    for (std::size_t i = 0; i < 32 && base + i < rejected.size(); ++i)
      evaluated[base + i] = skip_rule_evaluated(word, first, int(i));
    first = skip_rule_evaluated(word, first, 32);
  }
  return evaluated;
}

TEST(CascadeParallelCpu, SkipRuleEqualsTheSequentialWalk) {
  std::mt19937 rng(4);
  for (int k = 0; k < 20000; ++k) {
    const int n = std::uniform_int_distribution<int>(1, 200)(rng);
    const double p = std::uniform_real_distribution<double>(0.0, 1.0)(rng);  // rejection rate, long runs too
    std::vector<bool> rejected(std::size_t(n), false);
    for (std::size_t i = 0; i < rejected.size(); ++i) rejected[i] = std::bernoulli_distribution(p)(rng);
    ASSERT_EQ(by_words(rejected), walk(rejected)) << "case " << k << " n " << n;
  }
}

TEST(CascadeParallelCpu, SkipRuleEdgeWords) {
  for (bool first : {true, false})
    for (uint32_t word : {0u, 0xffffffffu, 0x80000000u, 0x00000001u, 0x55555555u, 0xaaaaaaaau, 0x7fffffffu}) {
      // Sequential reference within one word, from the given first state.
      bool e = first;
      for (int i = 0; i <= 32; ++i) {
        ASSERT_EQ(skip_rule_evaluated(word, first, i), e) << std::hex << word << " first " << first << " lane " << i;
        if (i < 32) e = !(e && ((word >> i) & 1u));
      }
    }
  // All rejected: every other position, across words (32 is even: the next word starts evaluated).
  std::vector<bool> all(100, true);
  const std::vector<bool> evaluated = by_words(all);
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(evaluated[i], i % 2 == 0) << i;
}

TEST(CascadeParallelCpu, LanesPerWindow) {
  using sat::detect::lanes_per_window;
  EXPECT_EQ(lanes_per_window(1000000, 270336, true), 1);  // the windows fill the threads
  EXPECT_EQ(lanes_per_window(100000, 270336, true), 2);
  EXPECT_EQ(lanes_per_window(8448, 270336, true), 32);
  EXPECT_EQ(lanes_per_window(5000, 270336, true), 32);  // never more than a warp
  EXPECT_EQ(lanes_per_window(5000, 270336, false), 1);  // the sum must run in order
  for (unsigned n : {1u, 7u, 1000u, 33000u, 140000u}) {
    const int lanes = lanes_per_window(n, 270336, true);
    EXPECT_TRUE(lanes >= 1 && lanes <= 32 && (lanes & (lanes - 1)) == 0) << n;
    EXPECT_TRUE(lanes == 1 || (unsigned long long)n * lanes <= 270336) << n;
  }
}

sat::HaarCascade one_stage(const std::vector<std::vector<float>>& tree_leaves) {
  sat::HaarCascade c;
  c.window = {24, 24};
  c.stages.push_back({0, int(tree_leaves.size()), 0.f});
  for (const std::vector<float>& leaves : tree_leaves) {
    c.trees.push_back({int(c.nodes.size()), int(leaves.size()) - 1, int(c.leaves.size())});
    for (std::size_t k = 0; k + 1 < leaves.size(); ++k) c.nodes.push_back({});
    c.leaves.insert(c.leaves.end(), leaves.begin(), leaves.end());
  }
  return c;
}

TEST(CascadeParallelCpu, StageSumExactness) {
  using sat::detect::stage_sum_is_exact;
  auto exact = [](const std::vector<std::vector<float>>& leaves) {
    const sat::HaarCascade c = one_stage(leaves);
    return stage_sum_is_exact(c, c.stages[0]);
  };
  EXPECT_TRUE(exact({{0.5f, -0.25f}, {0.125f, 1.f}}));
  EXPECT_TRUE(exact({{0.f, 0.f}}));
  EXPECT_TRUE(exact({{1e-30f, 2e-30f}, {3e-30f, -1e-30f}}));  // tiny, but all alike
  EXPECT_FALSE(exact({{1.f, 0.5f}, {1e-20f, 0.f}}));          // 1 + 1e-20 is not a double
  EXPECT_FALSE(exact({{1.f, NAN}}));
  EXPECT_FALSE(exact({{INFINITY, 1.f}}));
  // The leaf 1.0 makes L = 2^-23: sums of up to 2^52 · L = 2^29 are exact, larger ones not.
  EXPECT_TRUE(exact({{float(1 << 28), 1.f}, {float(1 << 28), 1.f}}));
  EXPECT_FALSE(exact({{float(1 << 29), 1.f}, {float(1 << 29), 1.f}}));
}

// Where the claim is made, summing in any order gives the in-order double sum bit for bit.
TEST(CascadeParallelCpu, ExactStagesSumTheSameInAnyOrder) {
  std::mt19937 rng(8);
  int exact_stages = 0;
  for (int k = 0; k < 300; ++k) {
    const int trees = std::uniform_int_distribution<int>(1, 220)(rng);
    const int spread = std::uniform_int_distribution<int>(0, 40)(rng);  // binary orders of magnitude
    std::vector<std::vector<float>> leaves;
    for (int t = 0; t < trees; ++t) {
      auto leaf = [&] {
        const float m = std::uniform_real_distribution<float>(-1.f, 1.f)(rng);
        return std::ldexp(m, -std::uniform_int_distribution<int>(0, spread)(rng));
      };
      leaves.push_back({leaf(), leaf()});
    }
    const sat::HaarCascade c = one_stage(leaves);
    if (!sat::detect::stage_sum_is_exact(c, c.stages[0])) continue;
    ++exact_stages;
    std::vector<double> picked;
    for (const auto& l : leaves) picked.push_back(double(l[std::size_t(rng() % 2)]));
    const double in_order = std::accumulate(picked.begin(), picked.end(), 0.0);
    for (int lanes : {2, 4, 8, 16, 32}) {  // the CUDA backend's split: strided partial sums, xor tree
      std::vector<double> part(std::size_t(lanes), 0.0);
      for (std::size_t t = 0; t < picked.size(); ++t) part[t % std::size_t(lanes)] += picked[t];
      for (int o = lanes / 2; o > 0; o /= 2)
        for (int l = 0; l < lanes; ++l)
          if ((l & o) == 0) part[std::size_t(l)] += part[std::size_t(l | o)];
      ASSERT_EQ(part[0], in_order) << "case " << k << " lanes " << lanes;
    }
    std::shuffle(picked.begin(), picked.end(), rng);
    ASSERT_EQ(std::accumulate(picked.begin(), picked.end(), 0.0), in_order) << "case " << k;
  }
  EXPECT_GT(exact_stages, 100);
}

// Debian's upright cascades: which stages the CUDA backend may split (all of the frontal-face
// default's: its leaves span few binary orders of magnitude).
TEST(CascadeParallelCpu, DebianCascadesStagesAreExact) {
  const sat::HaarCascade c = sat::load_haar_cascade(detect_test::cascade_path("haarcascade_frontalface_default.xml"));
  for (const sat::HaarStage& s : c.stages) EXPECT_TRUE(sat::detect::stage_sum_is_exact(c, s));
}

}  // namespace
