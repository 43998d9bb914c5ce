// The images a filter takes beside its input (Image parameters of satcore's catalog, such as the
// variable blur's --radius-map FILE): read once per input, checked against it. What satlab
// shares (the checks, the binding) is common/frame/filter_images.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/cli/filter_options.h"
#include "common/frame/filter_images.h"
#include "media.h"

namespace satfilter {

using satapp::bind_filter_images;
using satapp::FilterImage;

// Decodes every file as satfilter decodes an INPUT image (8 bits per channel, at most
// `max_pixels` pixels, no truncated JPEG) and requires one gray channel and the size of `input`
// (named `input_name`). Throws Failure(Runtime) naming the file and the option: missing,
// unreadable, not gray, another size.
std::vector<FilterImage> read_filter_images(const std::vector<satapp::cli::ImageFile>& files, const MediaInfo& input,
                                            const std::string& input_name, std::uint64_t max_pixels);

}  // namespace satfilter
