// A satlab built without media I/O (SATLAB_MEDIA_IO=OFF) decodes no image file: a file given for
// an Image parameter is refused with that reason.
#include "pipeline/filter_image_file.h"

#include "sources/frame_source.h"

namespace satlab {

satapp::FilterImage read_filter_image_file(const std::string& /*param*/, const std::string& option,
                                           const std::string& path) {
  throw SourceError(option + " '" + path + "': this satlab was built without image files (SATLAB_MEDIA_IO=OFF)");
}

}  // namespace satlab
