// Keyboard shortcuts at any frame rate: every press the window system reports between two frames
// reaches the shortcuts, also when the key was released again before the frame began (at ~6 FPS
// most quick taps would be lost if the shortcuts read ImGui's "key down at frame start" state).
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <string>
#include <vector>

#include "display/view_state.h"
#include "scenes/registry.h"
#include "ui/key_queue.h"
#include "ui/shortcuts.h"

namespace satlab {
namespace {

void tap(KeyQueue& keys, int key) {
  keys.on_key(key, GLFW_PRESS);
  keys.on_key(key, GLFW_RELEASE);
}

TEST(KeyQueue, KeepsTapsReleasedBeforeTheFrame) {
  KeyQueue keys;
  for (int i = 0; i < 8; ++i) tap(keys, GLFW_KEY_TAB);  // eight taps within one slow frame
  EXPECT_EQ(keys.take(), std::vector<int>(8, GLFW_KEY_TAB));
  EXPECT_TRUE(keys.take().empty());  // taken once
}

TEST(KeyQueue, KeepsOrderIgnoresReleasesAndRepeats) {
  KeyQueue keys;
  keys.on_key(GLFW_KEY_F, GLFW_PRESS);
  keys.on_key(GLFW_KEY_F, GLFW_REPEAT);  // held: one shortcut, not one per auto-repeat
  keys.on_key(GLFW_KEY_F, GLFW_REPEAT);
  keys.on_key(GLFW_KEY_F, GLFW_RELEASE);
  keys.on_key(GLFW_KEY_UNKNOWN, GLFW_PRESS);
  tap(keys, GLFW_KEY_1);
  EXPECT_EQ(keys.take(), (std::vector<int>{GLFW_KEY_F, GLFW_KEY_1}));
}

TEST(KeyQueue, BoundedKeepingTheNewest) {
  KeyQueue keys;
  for (std::size_t i = 0; i < KeyQueue::kCapacity + 5; ++i) tap(keys, GLFW_KEY_A);
  tap(keys, GLFW_KEY_Q);
  const std::vector<int> taken = keys.take();
  ASSERT_EQ(taken.size(), KeyQueue::kCapacity);
  EXPECT_EQ(taken.back(), GLFW_KEY_Q);
}

TEST(Shortcuts, EveryQueuedTapActs) {
  KeyQueue keys;
  UiState ui;
  ViewState view;
  const int box_width = ui.settings.filter.params<sat::BoxBlurParams>().kernel_width;
  ASSERT_TRUE(ui.show_panels);
  for (int i = 0; i < 5; ++i) tap(keys, GLFW_KEY_TAB);  // odd: the panels end hidden
  tap(keys, GLFW_KEY_SPACE);
  tap(keys, GLFW_KEY_RIGHT_BRACKET);
  tap(keys, GLFW_KEY_RIGHT_BRACKET);
  apply_shortcuts(keys.take(), ui, view, scene::filter_menu(), false);
  EXPECT_FALSE(ui.show_panels);
  EXPECT_TRUE(ui.paused);
  EXPECT_EQ(ui.settings.filter.params<sat::BoxBlurParams>().kernel_width, box_width + 4);  // two steps of 2
  for (int i = 0; i < 3; ++i) tap(keys, GLFW_KEY_TAB);
  apply_shortcuts(keys.take(), ui, view, scene::filter_menu(), false);
  EXPECT_TRUE(ui.show_panels);

  const sat::Algorithm before = ui.settings.sat.algorithm;
  tap(keys, GLFW_KEY_A);  // next SAT algorithm: CUDA only
  apply_shortcuts(keys.take(), ui, view, scene::filter_menu(), false);
  EXPECT_EQ(ui.settings.sat.algorithm, before);
}

TEST(Shortcuts, NextFilterWalksTheMenuWithTheShadowDemoAndTheDetectorLast) {
  UiState ui;
  ViewState view;
  show_filter(ui.settings, FilterKind::None);
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < std::size(kAllFilterKinds) + 3; ++i) {
    shown.push_back(menu_name(ui.settings));
    apply_shortcuts({GLFW_KEY_N}, ui, view, scene::filter_menu(), false);
  }
  std::vector<std::string> menu;  // every catalog filter, then the two scenes, then around again
  for (FilterKind kind : kAllFilterKinds) menu.emplace_back(to_string(kind));
  menu.insert(menu.end(), {"shadows", "detect", "none"});
  EXPECT_EQ(shown, menu);
  EXPECT_EQ(menu[1], "box");
  EXPECT_EQ(menu[std::size(kAllFilterKinds)], "shadows");
}

TEST(Shortcuts, BracketsLeaveTheFilterBehindTheShadowDemo) {
  UiState ui;
  ViewState view;
  // The shadow demo has no kernel: [ and ] leave the image filter behind it as it is.
  show_filter(ui.settings, FilterKind::Box);
  ui.settings.scene = "shadows";
  const int width = ui.settings.filter.params<sat::BoxBlurParams>().kernel_width;
  apply_shortcuts({GLFW_KEY_RIGHT_BRACKET, GLFW_KEY_LEFT_BRACKET, GLFW_KEY_LEFT_BRACKET}, ui, view,
                  scene::filter_menu(), false);
  EXPECT_EQ(ui.settings.filter.params<sat::BoxBlurParams>().kernel_width, width);
}

}  // namespace
}  // namespace satlab
