// The one place that maps a FilterSpec onto sat::FilterEngine's calls.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "options.h"
#include "sat/filters.h"

namespace satfilter {

// Channels of the filtered frame: box keeps the input's, thresholds give gray.
int output_channels(const FilterSpec& spec, int input_channels);

// Runs the filter (asynchronously on `stream` for the CUDA backend).
void apply_filter(sat::FilterEngine& engine, const FilterSpec& spec, sat::ConstImage8 src, sat::Image8 dst,
                  cudaStream_t stream);

// "box 5x5 reflect101", "sauvola window 15 k 0.2 r 127.5"...
std::string describe(const FilterSpec& spec);

}  // namespace satfilter
