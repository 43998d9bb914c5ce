// Videos through OpenCV's videoio (FFmpeg): frames decoded to BGR, written at the input's size
// and frame rate (SinkOptions::fps) with a codec chosen from the extension; sizes OpenCV's writer
// cannot store (odd ones) through FFmpeg's libraries directly (ffmpeg_video_writer.h), or refused.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "media.h"

namespace satfilter {

// The OpenCV backend satfilter reads video files with: FFmpeg, which reads every container
// satfilter writes. CAP_ANY would go on, after FFmpeg gave up on a file (a truncated video, a text
// file named .avi), to OpenCV's GStreamer backend, which prints GLib warnings on stderr and at
// times never returns from open(). GStreamer decoding is --decoder gst, through our own reader.
int video_read_api();

// Codecs tried in order for an extension (lower case, no dot); empty when not a video format:
// avi: MJPG, XVID; mp4/m4v/mov: avc1 (H.264), mp4v; mkv: FFV1, MJPG; webm: VP90, VP80. The first
// is the format's default; the next ones are taken where OpenCV's FFmpeg has no encoder for it
// (a note says so).
std::vector<std::string> video_codecs_for(const std::string& extension);

// Whether --quality applies to a video of `extension` with codec `fourcc` ("" = the default):
// OpenCV 4.6 takes a quality (VIDEOWRITER_PROP_QUALITY) for MJPG only.
bool video_takes_quality(const std::string& extension, const std::string& fourcc);

// Opens the video and decodes its first frame (so that an undecodable file fails here).
// Throws Failure(Runtime).
std::unique_ptr<FrameSource> open_video_source(const std::string& path);
// A frame size the codec chosen for `path` cannot store exactly: Failure(Usage) naming the size,
// the codec's constraint and the formats that keep any size. Odd sizes are stored exactly in FFV1,
// MJPG, VP90 and mp4v (ffmpeg_video_writer.h) and refused in H.264 (4:2:0), under --quality
// (OpenCV's own MJPEG encoder) and in any other --fourcc (OpenCV's FFmpeg writer would crop them).
void check_size_storable(const std::string& path, int width, int height, const SinkOptions& options);
// Opens the encoder on a temporary file next to `path` (after check_size_storable). Frames of 1 or 4 channels are
// converted to BGR, which every writer takes. finish() reads the video back and hands it to
// `outputs`. Throws Failure.
std::unique_ptr<FrameSink> open_video_sink(const std::string& path, const MediaInfo& input, const SinkOptions& options,
                                           satapp::files::OutputBatch& outputs);

}  // namespace satfilter
