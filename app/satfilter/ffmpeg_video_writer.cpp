#include "ffmpeg_video_writer.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
}

#include <strings.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "ffmpeg_support.h"

namespace satfilter {
namespace {

// The codecs that store any size, and the pixel format OpenCV's writer gives each
// (cap_ffmpeg_impl.hpp, CvVideoWriter_FFMPEG::open) with its bit-rate scale.
struct AnySizeCodec {
  const char* fourcc;
  AVCodecID id;
  AVPixelFormat format;
  double bitrate_scale;
};

constexpr AnySizeCodec kAnySize[] = {
    {"FFV1", AV_CODEC_ID_FFV1, AV_PIX_FMT_BGR0, 1},     {"MJPG", AV_CODEC_ID_MJPEG, AV_PIX_FMT_YUVJ420P, 3},
    {"VP90", AV_CODEC_ID_VP9, AV_PIX_FMT_YUV420P, 1},   {"mp4v", AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, 1},
    {"XVID", AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, 1}, {"DIVX", AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, 1},
    {"FMP4", AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, 1},
};

const AnySizeCodec* any_size_codec(const std::string& fourcc) {
  for (const AnySizeCodec& codec : kAnySize)
    if (strcasecmp(fourcc.c_str(), codec.fourcc) == 0) return &codec;  // FFmpeg maps both cases (mjpg, MJPG)
  return nullptr;
}

unsigned tag_of(const std::string& fourcc) { return MKTAG(fourcc[0], fourcc[1], fourcc[2], fourcc[3]); }

// OpenCV's time base for `fps`: the smallest power-of-ten denominator within 0.001 of it.
AVRational time_base_of(double fps) {
  int rate = static_cast<int>(fps + 0.5), base = 1;
  while (std::fabs(static_cast<double>(rate) / base - fps) > 0.001 && base < 1000000) {
    base *= 10;
    rate = static_cast<int>(fps * base + 0.5);
  }
  return AVRational{base, rate};
}

struct PacketDeleter {
  void operator()(AVPacket* packet) const { av_packet_free(&packet); }
};

}  // namespace

bool writes_any_size(const std::string& fourcc) { return any_size_codec(fourcc) != nullptr; }

struct FfmpegVideoWriter::State {
  std::string destination;
  cv::Size size;
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  SwsContext* sws = nullptr;
  AvFramePtr bgr, picture;
  std::unique_ptr<AVPacket, PacketDeleter> packet;
  int64_t frames = 0;
  bool finished = false;

  ~State() {
    sws_freeContext(sws);
    avcodec_free_context(&codec);
    if (format) {
      if (format->pb) avio_closep(&format->pb);  // unfinished: the temporary file is removed by its owner
      avformat_free_context(format);
    }
  }

  [[noreturn]] void fail(const std::string& what, int code) const {
    throw std::runtime_error("cannot write '" + destination + "': " + what + ": " + ffmpeg_error_text(code));
  }
  void check_io(const char* what) const {
    if (format->pb && format->pb->error < 0) fail(what, format->pb->error);
  }

  // Every packet the encoder has ready, into the container.
  void drain() {
    while (true) {
      const int code = avcodec_receive_packet(codec, packet.get());
      if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return;
      if (code < 0) fail("the encoder failed", code);
      av_packet_rescale_ts(packet.get(), codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      if (const int written = av_interleaved_write_frame(format, packet.get()); written < 0)
        fail("writing a frame failed", written);
      check_io("writing a frame failed");
    }
  }
};

FfmpegVideoWriter::FfmpegVideoWriter(std::unique_ptr<State> state) : state_(std::move(state)) {}
FfmpegVideoWriter::~FfmpegVideoWriter() = default;

std::unique_ptr<FfmpegVideoWriter> FfmpegVideoWriter::open(const std::string& path, const std::string& destination,
                                                           const std::string& fourcc, cv::Size size, double fps) {
  apply_ffmpeg_log_level();
  const AnySizeCodec* spec = any_size_codec(fourcc);
  if (!spec) throw std::logic_error("FfmpegVideoWriter: " + fourcc + " is not a codec of any size");
  const AVCodec* encoder = avcodec_find_encoder(spec->id);
  if (!encoder) return nullptr;
  auto s = std::make_unique<State>();
  s->destination = destination;
  s->size = size;
  if (const int code = avformat_alloc_output_context2(&s->format, nullptr, nullptr, path.c_str()); code < 0)
    s->fail("no container for its extension", code);
  s->stream = avformat_new_stream(s->format, nullptr);
  s->codec = avcodec_alloc_context3(encoder);
  s->packet.reset(av_packet_alloc());
  if (!s->stream || !s->codec || !s->packet) s->fail("out of memory", AVERROR(ENOMEM));

  // OpenCV's settings (icv_configure_video_stream_FFMPEG and open()): the bit rate is twice
  // scale x fps x pixels, at most INT_MAX; quantiser at least 3; a key frame every 12 frames.
  AVCodecContext& c = *s->codec;
  const double bitrate = std::min(spec->bitrate_scale * fps * size.width * size.height, double(INT_MAX) / 2);
  c.bit_rate = std::min<int64_t>(2 * static_cast<int64_t>(bitrate + 0.5), INT_MAX);
  c.bit_rate_tolerance = static_cast<int>(c.bit_rate);
  c.qmin = 3;
  c.gop_size = 12;
  c.width = size.width;
  c.height = size.height;
  c.pix_fmt = spec->format;
  c.time_base = time_base_of(fps);
  c.framerate = av_inv_q(c.time_base);
  // The FOURCC asked for where the container knows it for this codec, else the container's own.
  const AVCodecTag* const* tags = s->format->oformat->codec_tag;
  c.codec_tag = tags && av_codec_get_id(tags, tag_of(fourcc)) == spec->id ? tag_of(fourcc)
                : tags                                                    ? av_codec_get_tag(tags, spec->id)
                                                                          : 0;
  if (s->format->oformat->flags & AVFMT_GLOBALHEADER) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (const int code = avcodec_open2(&c, encoder, nullptr); code < 0)
    s->fail("the " + std::string(encoder->name) + " encoder does not open", code);
  if (const int code = avcodec_parameters_from_context(s->stream->codecpar, &c); code < 0)
    s->fail("the stream cannot be set up", code);
  s->stream->time_base = c.time_base;
  s->stream->avg_frame_rate = c.framerate;
  if (const int code = avio_open(&s->format->pb, path.c_str(), AVIO_FLAG_WRITE); code < 0)
    s->fail("cannot open the file", code);
  if (const int code = avformat_write_header(s->format, nullptr); code < 0) s->fail("cannot write the header", code);

  // The encoder's picture, and the BGR frame it is converted from (to even sides: see write()).
  try {
    s->picture = make_av_frame(c.pix_fmt, size.width, size.height);
    s->bgr = make_av_frame(AV_PIX_FMT_BGR24, size.width + (size.width & 1), size.height + (size.height & 1));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("cannot write '" + destination + "': " + e.what());
  }
  s->sws = sws_getContext(size.width, size.height, AV_PIX_FMT_BGR24, size.width, size.height, c.pix_fmt, SWS_BICUBIC,
                          nullptr, nullptr, nullptr);
  if (!s->sws) s->fail("swscale cannot convert BGR to the codec's format", AVERROR(EINVAL));
  return std::unique_ptr<FfmpegVideoWriter>(new FfmpegVideoWriter(std::move(s)));
}

void FfmpegVideoWriter::write(const cv::Mat& bgr) {
  State& s = *state_;
  if (bgr.type() != CV_8UC3 || bgr.size() != s.size)
    throw std::logic_error("FfmpegVideoWriter: not a frame of its size");
  // swscale's 4:2:0 chroma of BGR takes pixels in pairs and reads one past an odd width (the
  // last chroma column would average the last pixel with whatever lies there): that pixel and
  // the row below an odd height repeat the last ones, as an encoder pads a frame.
  AVFrame& in = *s.bgr;
  const std::size_t row = std::size_t(s.size.width) * 3;
  for (int y = 0; y < s.size.height; ++y) {
    uint8_t* out = in.data[0] + std::size_t(y) * in.linesize[0];
    std::memcpy(out, bgr.ptr(y), row);
    if (s.size.width & 1) std::memcpy(out + row, out + row - 3, 3);
  }
  if (s.size.height & 1)
    std::memcpy(in.data[0] + std::size_t(s.size.height) * in.linesize[0],
                in.data[0] + std::size_t(s.size.height - 1) * in.linesize[0], std::size_t(in.linesize[0]));
  if (const int code = av_frame_make_writable(s.picture.get()); code < 0) s.fail("out of memory", code);
  sws_scale(s.sws, in.data, in.linesize, 0, s.size.height, s.picture->data, s.picture->linesize);
  s.picture->pts = s.frames++;
  if (const int code = avcodec_send_frame(s.codec, s.picture.get()); code < 0) s.fail("the encoder failed", code);
  s.drain();
}

void FfmpegVideoWriter::finish() {
  State& s = *state_;
  if (s.finished) return;
  s.finished = true;
  if (const int code = avcodec_send_frame(s.codec, nullptr); code < 0) s.fail("the encoder failed", code);
  s.drain();
  if (const int code = av_write_trailer(s.format); code < 0) s.fail("cannot write the trailer", code);
  s.check_io("cannot write the trailer");
  if (const int code = avio_closep(&s.format->pb); code < 0) s.fail("cannot close the file", code);
}

}  // namespace satfilter
