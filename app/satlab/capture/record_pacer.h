// How often each shown frame goes into a recording, so that the file lasts as long as what it
// shows. A file has one frame rate, the app shows frames at whatever rate it manages:
//   EachSourceFrame  sources with a time base of their own (a video file: its frame rate; the
//                    synthetic scene: a step per frame, 30 fps): every new source frame once,
//                    tagged with that rate; frames shown again while none came are not written.
//   WallClock        live or still pictures (a camera, an image being re-filtered, the shadow
//                    demo): frames repeated or dropped to fill the file's slots as time passes.
// Writing every shown frame at the source's rate made 3 s of a 25 fps clip shown at ~80 FPS a
// 9.7 s file.
#pragma once

namespace satlab {

class RecordPacer {
 public:
  enum class Mode { EachSourceFrame, WallClock };
  static constexpr double kDefaultFps = 30.0;
  static constexpr int kMaxCopies = 150;  // a stall longer than 5 s at 30 fps is not filled up

  // `fps` <= 0: kDefaultFps. `now_s`: when recording starts (seconds, steady clock).
  RecordPacer(Mode mode, double fps, double now_s);

  Mode mode() const { return mode_; }
  double fps() const { return fps_; }

  // Copies of the frame shown at `now_s` to write (0 = none); `new_source_frame`: it shows a
  // frame the source delivered since the last call.
  int copies(double now_s, bool new_source_frame);

 private:
  Mode mode_;
  double fps_;
  double start_s_;
  long long slots_filled_ = 0;  // WallClock: frames written so far
};

// The pacing for a recording of what is shown now.
//   shadows: the shadow demo; video: a file source with a frame rate (not a still image);
//   synthetic: the synthetic scene.
RecordPacer::Mode record_pacing(bool shadows, bool video, bool synthetic);

}  // namespace satlab
