// The one stage-timing type (common/timing/stage_timeline.h): names kept in order, the capacity a
// hard limit, lookups by position, enum and name, the totals.
#include "common/timing/stage_timeline.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

namespace {

using satapp::StageTimeline;

TEST(StageTimeline, KeepsNamesInTheOrderGiven) {
  const StageTimeline t{"upload", "tables", "cascade", "draw"};
  ASSERT_EQ(t.size(), 4);
  EXPECT_STREQ(t[0].name, "upload");
  EXPECT_STREQ(t[1].name, "tables");
  EXPECT_STREQ(t[2].name, "cascade");
  EXPECT_STREQ(t[3].name, "draw");
  for (const auto& stage : t) EXPECT_EQ(stage.ms, 0.0);
}

TEST(StageTimeline, TakesStagesWithTheirTimes) {
  const StageTimeline t{{"pyramid", 0.25}, {"tables", 1.5}};
  ASSERT_EQ(t.size(), 2);
  EXPECT_STREQ(t[0].name, "pyramid");
  EXPECT_DOUBLE_EQ(t[0].ms, 0.25);
  EXPECT_STREQ(t[1].name, "tables");
  EXPECT_DOUBLE_EQ(t[1].ms, 1.5);
  const StageTimeline one{"upload"};  // one name alone is a name, not a stage without a time
  ASSERT_EQ(one.size(), 1);
  EXPECT_STREQ(one[0].name, "upload");
}

TEST(StageTimeline, AddAppendsAfterTheNamedStages) {
  StageTimeline t{"upload"};
  t.add("filter", 2.5);
  ASSERT_EQ(t.size(), 2);
  EXPECT_STREQ(t[1].name, "filter");
  EXPECT_DOUBLE_EQ(t[1].ms, 2.5);
}

TEST(StageTimeline, IndexesByAProgramsEnum) {
  enum class Stage { Upload, Tables, Cascade };
  StageTimeline t{"upload", "tables", "cascade"};
  t[Stage::Tables].ms = 1.25;
  EXPECT_STREQ(t[Stage::Cascade].name, "cascade");
  EXPECT_DOUBLE_EQ(t[1].ms, 1.25);
}

TEST(StageTimeline, FindsStagesByName) {
  StageTimeline t{"upload", "SAT", "filter"};
  t[1].ms = 3.0;
  // Another pointer to the same text: names compare as text, not as addresses.
  const std::string name = "SAT";
  ASSERT_NE(t.find(name.c_str()), nullptr);
  EXPECT_DOUBLE_EQ(t.ms(name.c_str()), 3.0);
  EXPECT_EQ(t.find("display"), nullptr);
  EXPECT_DOUBLE_EQ(t.ms("display"), 0.0);
}

TEST(StageTimeline, CapacityIsAHardLimit) {
  StageTimeline t;
  for (int i = 0; i < StageTimeline::kCapacity; ++i) t.add("stage", 1.0 + i);
  EXPECT_EQ(t.size(), StageTimeline::kCapacity);
  EXPECT_THROW(t.add("one too many"), std::length_error);
  EXPECT_EQ(t.size(), StageTimeline::kCapacity);  // the refused stage left nothing behind
  EXPECT_THROW(t.at(StageTimeline::kCapacity), std::out_of_range);
  EXPECT_THROW(t.at(-1), std::out_of_range);
}

TEST(StageTimeline, IndexPastTheLastStageIsRefused) {
  const StageTimeline t{"upload", "filter"};
  EXPECT_THROW(t.at(2), std::out_of_range);  // within the capacity, past the stages
}

TEST(StageTimeline, TotalsEveryStage) {
  StageTimeline t{"a", "b", "c"};
  EXPECT_DOUBLE_EQ(t.total(), 0.0);
  t[0].ms = 0.5;
  t[1].ms = 1.75;
  t[2].ms = 4.0;
  EXPECT_DOUBLE_EQ(t.total(), 6.25);
  t.clear_times();
  EXPECT_DOUBLE_EQ(t.total(), 0.0);
  EXPECT_STREQ(t[2].name, "c");  // the names stay
}

TEST(StageTimeline, ComparesStagesByNameAndOrder) {
  StageTimeline a{"upload", "filter"}, b{"upload", "filter"}, c{"filter", "upload"}, d{"upload"};
  b[0].ms = 9;  // the times aside
  EXPECT_TRUE(a.same_stages(b));
  EXPECT_FALSE(a.same_stages(c));
  EXPECT_FALSE(a.same_stages(d));
}

// Copied per frame by value: nothing on the heap, a plain copy.
static_assert(std::is_trivially_copyable_v<StageTimeline>);

}  // namespace
