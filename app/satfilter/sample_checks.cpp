#include "sample_checks.h"

#include "atomic_output.h"
#include "failure.h"
#include "image_io.h"
#include "video_io.h"

namespace satfilter {

void check_sample_type(const std::string& input, const MediaInfo& info, const std::optional<sat::FilterSpec>& filter,
                       bool detect, const std::string& output, const std::string& format) {
  if (info.sample == sat::SampleType::U8) return;
  const std::string what = "'" + input + "' is a " + sat::bits_text(info.sample) + " image";
  if (filter && !sat::takes_samples(sat::info_of(*filter), info.sample)) {
    const sat::FilterInfo& f = sat::info_of(*filter);
    throw runtime_error("cannot filter " + what + ": " + std::string(f.name) + " takes " + sat::samples_text(f) +
                        " images only (convert it to 8 bits first, or choose a filter that takes " +
                        sat::bits_text(info.sample) + " images)");
  }
  if (detect)
    throw runtime_error("cannot search " + what + ": --detect takes 8-bit images only (the Haar cascades' tables)");
  const std::string extension = output == "-" ? format : lower_extension(output);
  if (!extension.empty() && !video_codecs_for(extension).empty())
    throw runtime_error("cannot write " + what + " to the video '" + output +
                        "': videos are written with 8 bits per channel (write an image sequence, e.g. frame_%04d.png)");
  if (!extension.empty() && !holds_16_bits(extension))
    throw runtime_error("cannot write '" + output + "': " + what + " and a ." + extension +
                        " file holds 8-bit images only (write .png, .tif or .pgm/.ppm)");
}

}  // namespace satfilter
