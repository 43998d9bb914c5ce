#include "ui/split_view.h"

#include <imgui.h>

#include <cmath>

namespace satlab {

namespace {
constexpr float kGrab = 6.0f;  // screen px either side of the divider that grab it
}  // namespace

std::optional<std::pair<int, int>> SplitView::update(ViewState& view, const SplitLabels& labels, bool navigate) {
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 scale = io.DisplayFramebufferScale;
  const auto to_fb = [&](ImVec2 p) { return Vec2f{p.x * scale.x, p.y * scale.y}; };
  const auto to_screen = [&](float x, float y) { return ImVec2(x / scale.x, y / scale.y); };
  const RectF image = view.image_rect();
  const bool has_image = view.image_width() > 0 && view.image_height() > 0;
  const float divider_x = view.divider_screen_x();
  const bool mouse_valid = ImGui::IsMousePosValid();
  const Vec2f mouse = to_fb(io.MousePos);
  const bool free_mouse = mouse_valid && !io.WantCaptureMouse;
  const bool near_divider = free_mouse && has_image && std::fabs(mouse.x - divider_x) <= kGrab * scale.x &&
                            mouse.y >= image.y && mouse.y < image.y + image.h;

  // Input. A click is a left press that began a pan (on the image, off the divider) released
  // within ImGui's drag threshold of where it was pressed.
  const int button = ImGuiMouseButton_Left;
  clicked_.reset();
  if (drag_ == Drag::Pan && ImGui::IsMouseReleased(button) &&
      io.MouseDragMaxDistanceSqr[button] <= io.MouseDragThreshold * io.MouseDragThreshold)
    clicked_ = view.image_fraction(to_fb(io.MouseClickedPos[button]));
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) drag_ = Drag::None;
  if (free_mouse && has_image) {
    if (navigate && io.MouseWheel != 0.0f) view.zoom_at(std::pow(1.2f, io.MouseWheel), mouse);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
      drag_ = near_divider ? Drag::Divider : navigate ? Drag::Pan : Drag::None;
  }
  if (drag_ == Drag::Pan) view.pan({io.MouseDelta.x * scale.x, io.MouseDelta.y * scale.y});
  if (drag_ == Drag::Divider && image.w > 0) view.set_divider((mouse.x - image.x) / image.w);
  if (near_divider || drag_ == Drag::Divider)
    ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  else if (drag_ == Drag::Pan)
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  if (!has_image) return std::nullopt;

  // The divider, unless it sits at an edge (then one side fills the image).
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const RectF shown = view.image_rect();
  const float x = view.divider_screen_x();
  if (view.divider() > 0.0f && view.divider() < 1.0f) {
    const ImVec2 top = to_screen(x, shown.y), bottom = to_screen(x, shown.y + shown.h);
    draw->AddLine(top, bottom, IM_COL32(0, 0, 0, 160), 4.0f);
    draw->AddLine(top, bottom, IM_COL32(255, 255, 255, 230), 2.0f);
    const ImVec2 mid(top.x, 0.5f * (top.y + bottom.y));
    draw->AddCircleFilled(mid, 9.0f, IM_COL32(255, 255, 255, 230));
    draw->AddTriangleFilled({mid.x - 2, mid.y - 5}, {mid.x - 2, mid.y + 5}, {mid.x - 7, mid.y},
                            IM_COL32(40, 40, 40, 255));
    draw->AddTriangleFilled({mid.x + 2, mid.y - 5}, {mid.x + 7, mid.y}, {mid.x + 2, mid.y + 5},
                            IM_COL32(40, 40, 40, 255));
    const auto label = [&](const char* text, bool left) {
      const ImVec2 size = ImGui::CalcTextSize(text);
      const ImVec2 at(left ? top.x - size.x - 10 : top.x + 10, top.y + 8);
      draw->AddRectFilled({at.x - 4, at.y - 2}, {at.x + size.x + 4, at.y + size.y + 2}, IM_COL32(0, 0, 0, 150), 3.0f);
      draw->AddText(at, IM_COL32(255, 255, 255, 255), text);
    };
    label(labels.left.c_str(), true);
    label(labels.right.c_str(), false);
  }

  // The pixel inspector.
  if (!free_mouse || drag_ != Drag::None) return std::nullopt;
  const Vec2f p = view.to_image(mouse);
  const int px = static_cast<int>(std::floor(p.x)), py = static_cast<int>(std::floor(p.y));
  if (px < 0 || py < 0 || px >= view.image_width() || py >= view.image_height()) return std::nullopt;
  if (view.zoom() >= 8.0f) {
    const Vec2f a = view.to_screen({static_cast<float>(px), static_cast<float>(py)});
    const Vec2f b = view.to_screen({static_cast<float>(px + 1), static_cast<float>(py + 1)});
    draw->AddRect(to_screen(a.x, a.y), to_screen(b.x, b.y), IM_COL32(255, 220, 0, 255), 0.0f, 0, 2.0f);
  }
  return std::make_pair(px, py);
}

}  // namespace satlab
