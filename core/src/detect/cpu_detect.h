// The CPU backend of sat::Detector: per scale, in bands of window rows, the resized rows the
// band's windows cover, their padded {Σx, Σx²} table rows, and every window through the
// cascade, rows spread over all cores. A band keeps a few per cent of a frame, not the whole
// resized frame and its 16-byte table (see band_rows()). Cascades with tilted features also get
// the band's tilted table.
#pragma once

#include <cstdint>
#include <vector>

#include "detect/flat_cascade.h"
#include "detect/resize_linear.h"
#include "detect/scale_plan.h"
#include "sat/detect.h"

namespace sat::detect {

class CpuDetect {
 public:
  CpuDetect(const HaarCascade& cascade, Extent max_extent);

  // Appends the accepted windows of `gray` (frame pixels) to `candidates`, scale by scale, rows
  // top to bottom, left to right. Adds the stage times to `times` when `timed`.
  void run(const uint8_t* gray, std::size_t pitch, Extent frame, const std::vector<ScaleLevel>& levels,
           std::vector<Box>& candidates, DetectTimes& times, bool timed);

 private:
  Extent window_;
  int table_pitch_;      // elements per table row: max width + 1
  int band_table_rows_;  // table rows of a band: band_rows() for the max extent
  FlatCascade flat_;
  std::vector<uint8_t> resized_;  // the band's resized rows
  std::vector<SumSq> table_;      // the band's table rows; row 0 and column 0 stay zero
  std::vector<uint32_t> tilted_;  // the band's tilted table, same layout (empty: no tilted features)
  std::vector<AxisTaps> x_taps_, y_taps_;
  std::vector<uint8_t> accepted_;  // one flag per window position of a band
};

}  // namespace sat::detect
