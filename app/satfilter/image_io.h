// Still images through OpenCV's imgcodecs: one frame in, one frame out.
#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/files/output_batch.h"
#include "encoded_image.h"
#include "media.h"

namespace satfilter {

// Whether `extension` (lower case, no dot) is an image format OpenCV reads ("png", "jpg"...).
bool is_image_extension(const std::string& extension);
// Whether --quality means something for the image format `extension` (jpg, webp).
bool image_takes_quality(const std::string& extension);
// cv::imwrite's parameters for --quality (1..100; -1: the encoder's default).
std::vector<int> image_write_params(const std::string& extension, int quality);
// `frame` encoded as `extension` (lower case, no dot) in memory, so that the file is written by
// code that checks every write (common/files/whole_file.h). Throws Failure(Runtime) naming `name`.
std::vector<uchar> encode_image(const cv::Mat& frame, const std::string& extension, const std::vector<int>& params,
                                const std::string& name);
// Whether the image format `extension` (lower case, no dot) holds 16-bit samples (png, tif, pgm...).
bool holds_16_bits(const std::string& extension);
// Whether OpenCV has an encoder for `path`'s extension.
bool can_write_image(const std::string& path);

// `image` (decoded from `name`) if satfilter can filter it: 8 or 16 bits per channel, 1, 3 or 4
// channels. Throws Failure(Runtime) saying why not (empty, signed, float...).
cv::Mat checked_image(cv::Mat image, const std::string& name);

// Decodes `path` now (read once: it may be a FIFO); only 8- and 16-bit images (checked_image) of at most
// `max_pixels` pixels (EncodedImage), and no truncated JPEG. Throws Failure(Runtime).
// With EncodedImage::Streams::Refused (a parameter image), a regular file only.
std::unique_ptr<FrameSource> open_image_source(const std::string& path, std::uint64_t max_pixels,
                                               EncodedImage::Streams streams = EncodedImage::Streams::Read);
// The same for all of stdin (INPUT -).
std::unique_ptr<FrameSource> open_stdin_image_source(std::uint64_t max_pixels);
// Creates the temporary output at once; the image is encoded and written by write(); finish()
// hands it to `outputs`, which places it with the run's other outputs.
std::unique_ptr<FrameSink> open_image_sink(const std::string& path, const SinkOptions& options,
                                           satapp::files::OutputBatch& outputs);

}  // namespace satfilter
