#include "gst_frame_bgr.h"

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <cstring>
#include <stdexcept>

#include "ffmpeg_support.h"

namespace satfilter {
namespace {

// A GStreamer format and the FFmpeg pixel format of the same planes: what libavcodec hands OpenCV
// where gst-libav hands GStreamer this format. `full` is the format a full-range frame has in
// FFmpeg (the yuvj formats of JPEG and H.264); other formats have no full-range variant, and
// swscale without a colour space (OpenCV's) takes them as video range.
struct FormatPair {
  const char* gst;
  AVPixelFormat av;
  AVPixelFormat full;
  bool swap_uv;         // YV12, NV21: V before U
  bool interleaved_uv;  // NV12, NV21: split into FFmpeg's U and V planes (libavcodec gives H.264 so)
};

constexpr FormatPair kFormats[] = {
    {"I420", AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, false, false},
    {"YV12", AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, true, false},
    {"NV12", AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, false, true},
    {"NV21", AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, true, true},
    {"Y42B", AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P, false, false},
    {"Y444", AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P, false, false},
    {"Y41B", AV_PIX_FMT_YUV411P, AV_PIX_FMT_YUV411P, false, false},
    {"A420", AV_PIX_FMT_YUVA420P, AV_PIX_FMT_YUVA420P, false, false},
    {"I420_10LE", AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV420P10LE, false, false},
    {"I422_10LE", AV_PIX_FMT_YUV422P10LE, AV_PIX_FMT_YUV422P10LE, false, false},
    {"Y444_10LE", AV_PIX_FMT_YUV444P10LE, AV_PIX_FMT_YUV444P10LE, false, false},
    {"I420_12LE", AV_PIX_FMT_YUV420P12LE, AV_PIX_FMT_YUV420P12LE, false, false},
    {"I422_12LE", AV_PIX_FMT_YUV422P12LE, AV_PIX_FMT_YUV422P12LE, false, false},
    {"Y444_12LE", AV_PIX_FMT_YUV444P12LE, AV_PIX_FMT_YUV444P12LE, false, false},
    {"P010_10LE", AV_PIX_FMT_P010LE, AV_PIX_FMT_P010LE, false, false},
    {"YUY2", AV_PIX_FMT_YUYV422, AV_PIX_FMT_YUYV422, false, false},
    {"UYVY", AV_PIX_FMT_UYVY422, AV_PIX_FMT_UYVY422, false, false},
    {"GRAY8", AV_PIX_FMT_GRAY8, AV_PIX_FMT_GRAY8, false, false},
    {"GRAY16_LE", AV_PIX_FMT_GRAY16LE, AV_PIX_FMT_GRAY16LE, false, false},
    {"GBR", AV_PIX_FMT_GBRP, AV_PIX_FMT_GBRP, false, false},
    {"GBR_10LE", AV_PIX_FMT_GBRP10LE, AV_PIX_FMT_GBRP10LE, false, false},
    {"GBR_12LE", AV_PIX_FMT_GBRP12LE, AV_PIX_FMT_GBRP12LE, false, false},
    {"BGR", AV_PIX_FMT_BGR24, AV_PIX_FMT_BGR24, false, false},
    {"RGB", AV_PIX_FMT_RGB24, AV_PIX_FMT_RGB24, false, false},
    {"BGRx", AV_PIX_FMT_BGR0, AV_PIX_FMT_BGR0, false, false},
    {"BGRA", AV_PIX_FMT_BGRA, AV_PIX_FMT_BGRA, false, false},
    {"RGBx", AV_PIX_FMT_RGB0, AV_PIX_FMT_RGB0, false, false},
    {"RGBA", AV_PIX_FMT_RGBA, AV_PIX_FMT_RGBA, false, false},
    {"xRGB", AV_PIX_FMT_0RGB, AV_PIX_FMT_0RGB, false, false},
    {"ARGB", AV_PIX_FMT_ARGB, AV_PIX_FMT_ARGB, false, false},
    {"xBGR", AV_PIX_FMT_0BGR, AV_PIX_FMT_0BGR, false, false},
    {"ABGR", AV_PIX_FMT_ABGR, AV_PIX_FMT_ABGR, false, false},
};

const FormatPair* pair_of(const std::string& gst) {
  for (const FormatPair& pair : kFormats)
    if (gst == pair.gst) return &pair;
  return nullptr;
}

// `frame` made anew unless it already has that format and size.
void ensure_frame(AvFramePtr& frame, AVPixelFormat format, int width, int height) {
  if (!frame || frame->format != format || frame->width != width || frame->height != height)
    frame = make_av_frame(format, width, height);
}

void copy_rows(const uint8_t* from, int from_stride, uint8_t* to, int to_stride, std::size_t bytes, int rows) {
  for (int y = 0; y < rows; ++y)
    std::memcpy(to + std::size_t(y) * to_stride, from + std::size_t(y) * from_stride, bytes);
}

// GStreamer's planes into `frame` (the pair's FFmpeg format), NV12's interleaved chroma split.
void copy_planes(const satapp::gst::RawFrame& raw, const FormatPair& pair, AVFrame& frame) {
  const AVPixFmtDescriptor* desc = av_pix_fmt_desc_get(static_cast<AVPixelFormat>(frame.format));
  const int chroma_rows = AV_CEIL_RSHIFT(raw.height, desc->log2_chroma_h);
  const int planes = av_pix_fmt_count_planes(static_cast<AVPixelFormat>(frame.format));
  if (pair.interleaved_uv) {
    if (raw.planes != 2) throw std::runtime_error(std::string(pair.gst) + " frame without 2 planes");
    copy_rows(raw.data[0], raw.stride[0], frame.data[0], frame.linesize[0], std::size_t(raw.width), raw.height);
    const int chroma_width = AV_CEIL_RSHIFT(raw.width, desc->log2_chroma_w);
    uint8_t* u = frame.data[pair.swap_uv ? 2 : 1];
    uint8_t* v = frame.data[pair.swap_uv ? 1 : 2];
    for (int y = 0; y < chroma_rows; ++y) {
      const uint8_t* uv = raw.data[1] + std::size_t(y) * raw.stride[1];
      uint8_t* u_row = u + std::size_t(y) * frame.linesize[1];
      uint8_t* v_row = v + std::size_t(y) * frame.linesize[2];
      for (int x = 0; x < chroma_width; ++x) {
        u_row[x] = uv[2 * x];
        v_row[x] = uv[2 * x + 1];
      }
    }
    return;
  }
  if (raw.planes != planes)
    throw std::runtime_error(std::string(pair.gst) + " frame with " + std::to_string(raw.planes) + " planes, not " +
                             std::to_string(planes));
  for (int p = 0; p < planes; ++p) {
    const int from = pair.swap_uv && (p == 1 || p == 2) ? 3 - p : p;
    const int bytes = av_image_get_linesize(static_cast<AVPixelFormat>(frame.format), raw.width, p);
    if (bytes < 0 || raw.stride[from] < bytes) throw std::runtime_error(std::string(pair.gst) + " plane too narrow");
    copy_rows(raw.data[from], raw.stride[from], frame.data[p], frame.linesize[p], std::size_t(bytes),
              p == 1 || p == 2 ? chroma_rows : raw.height);
  }
}

}  // namespace

const std::string& gst_frame_caps() {
  static const std::string caps = [] {
    std::string text = "video/x-raw, format=(string){ ";
    for (const FormatPair& pair : kFormats)
      text += std::string(pair.gst) + (&pair == std::end(kFormats) - 1 ? " }" : ", ");
    return text;
  }();
  return caps;
}

struct GstFrameToBgr::State {
  SwsContext* sws = nullptr;
  AvFramePtr in, out;
  ~State() { sws_freeContext(sws); }
};

GstFrameToBgr::GstFrameToBgr() : state_(std::make_unique<State>()) { apply_ffmpeg_log_level(); }
GstFrameToBgr::~GstFrameToBgr() = default;

void GstFrameToBgr::convert(const satapp::gst::RawFrame& raw, cv::Mat& bgr) {
  const FormatPair* pair = pair_of(raw.format);
  if (!pair) throw std::runtime_error("frames in " + raw.format + ", a format satfilter does not convert");
  const AVPixelFormat format = raw.full_range ? pair->full : pair->av;
  State& s = *state_;
  ensure_frame(s.in, format, raw.width, raw.height);
  ensure_frame(s.out, AV_PIX_FMT_BGR24, raw.width, raw.height);
  copy_planes(raw, *pair, *s.in);
  // OpenCV's call (cap_ffmpeg_impl.hpp, retrieveFrame): no colour space set, so BT.601 and the
  // range of the pixel format.
  s.sws = sws_getCachedContext(s.sws, raw.width, raw.height, format, raw.width, raw.height, AV_PIX_FMT_BGR24,
                               SWS_BICUBIC, nullptr, nullptr, nullptr);
  if (!s.sws) throw std::runtime_error(std::string("swscale cannot convert ") + pair->gst + " to BGR");
  if (sws_scale(s.sws, s.in->data, s.in->linesize, 0, raw.height, s.out->data, s.out->linesize) != raw.height)
    throw std::runtime_error(std::string("swscale failed to convert a ") + pair->gst + " frame");
  bgr.create(raw.height, raw.width, CV_8UC3);  // no-op when it already is
  copy_rows(s.out->data[0], s.out->linesize[0], bgr.data, static_cast<int>(bgr.step), std::size_t(raw.width) * 3,
            raw.height);
}

}  // namespace satfilter
