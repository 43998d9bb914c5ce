// satlab's outputs and defaults: -y/-n and the extensions on the command line; the checks made
// before a run (never the source, not even through a link; never an existing file without -y;
// a folder that exists and can be written; no directory); PNG files that appear only when
// complete, also on a full disk; the defaults shared with satfilter, the default divider on the
// sample image, and counts with their noun.
#include <gtest/gtest.h>

#include <sys/mount.h>
#include <unistd.h>

#include <opencv2/imgproc.hpp>
#if SATLAB_MEDIA_IO
#include <opencv2/imgcodecs.hpp>
#endif

#include <filesystem>
#include <fstream>
#include <string>

#include "app_options.h"
#include "capture/png_file.h"
#include "capture/requested_outputs.h"
#include "capture/screenshot.h"
#include "common/files/output_checks.h"
#include "record_format.h"
#include "scenes/detect/detect_settings.h"
#include "sources/source_files.h"
#include "test_files.h"
#include "test_images.h"
#include "test_options.h"
#include "ui/counted.h"

namespace satlab {
namespace {

namespace fs = std::filesystem;
using test::parse;
using test::temp_dir;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void touch(const fs::path& path, const std::string& text = "keep me") { std::ofstream(path) << text; }

// The entries of `dir` whose names say they are satlab's (or this test's) temporaries.
int temporaries_in(const fs::path& dir) {
  int found = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind(".", 0) == 0) ++found;
  return found;
}

// The message of the std::runtime_error `f` throws ("" if none).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// ---- the command line --------------------------------------------------------------------------

TEST(OutputOptions, OverwriteFlags) {
  EXPECT_FALSE(parse({}).overwrite);
  EXPECT_FALSE(parse({"-n"}).overwrite);
  EXPECT_TRUE(parse({"-y"}).overwrite);
  EXPECT_TRUE(parse({"--overwrite"}).overwrite);
  EXPECT_THROW(parse({"-y", "-n"}), UsageError);
}

TEST(OutputOptions, ExtensionsSayWhatIsWritten) {
  EXPECT_NO_THROW(parse({"--screenshot", "a.png", "--record", "b.avi"}));
  EXPECT_NO_THROW(parse({"--screenshot", "A.PNG", "--record", "b.MP4"}));
  for (const std::vector<const char*>& bad : {std::vector<const char*>{"--screenshot", "a.jpg"},
                                              {"--screenshot", "a"},
                                              {"--record", "b.mkv"},
                                              {"--record", "b"},
                                              {"--record", "b.png"}})
    EXPECT_THROW(parse(bad), UsageError) << bad[1];
}

// ---- the checks before a run -------------------------------------------------------------------

TEST(OutputChecks, NeverTheInputNotEvenThroughALink) {
  const fs::path dir = temp_dir("outputs_input");
  touch(dir / "clip.avi");
  fs::create_symlink(dir / "clip.avi", dir / "link.avi");
  fs::create_hard_link(dir / "clip.avi", dir / "hard.avi");
  satapp::files::InputFiles inputs;
  inputs.add("--source", (dir / "clip.avi").string());
  for (const fs::path& out : {dir / "clip.avi", dir / "link.avi", dir / "hard.avi", dir / "." / "clip.avi"}) {
    for (const bool overwrite : {false, true}) {
      const std::string message = error_of([&] { satapp::files::check_output_path(out.string(), overwrite, inputs); });
      EXPECT_NE(message.find("is the --source '" + (dir / "clip.avi").string() + "' itself"), std::string::npos)
          << out << ": " << message;
      EXPECT_THROW(satapp::files::check_output_path(out.string(), overwrite, inputs), satapp::files::OutputIsAnInput);
      EXPECT_NE(message.find(out.string()), std::string::npos) << message;  // names the file
    }
  }
  EXPECT_EQ(slurp(dir / "clip.avi"), "keep me");
}

TEST(OutputChecks, ExistingFolderAndFiles) {
  const fs::path dir = temp_dir("outputs_checks");
  const auto check = [](const fs::path& path, bool overwrite) {
    return error_of([&] { satapp::files::check_output_path(path.string(), overwrite, {}); });
  };
  EXPECT_EQ(check(dir / "new.png", false), "");
  EXPECT_NE(check(dir / "missing" / "x.png", true).find("No such file or directory"), std::string::npos);
  touch(dir / "file");
  EXPECT_NE(check(dir / "file" / "x.png", true).find("is not a folder"), std::string::npos);
  fs::create_directory(dir / "dir.png");
  EXPECT_NE(check(dir / "dir.png", true).find("is a directory"), std::string::npos);
  EXPECT_NE(check(dir.string() + "/", true).find("names a folder"), std::string::npos);
  touch(dir / "old.png");
  EXPECT_NE(check(dir / "old.png", false).find("already exists (use -y"), std::string::npos);
  EXPECT_EQ(check(dir / "old.png", true), "");
}

TEST(OutputChecks, RequestedOutputsOfARun) {
  const fs::path dir = temp_dir("outputs_requested");
  touch(dir / "img.png");
  const std::string img = (dir / "img.png").string(), shot = (dir / "shot.png").string();
  // The screenshot onto the image shown, with or without -y.
  for (const char* y : {"-n", "-y"}) {
    const std::string message = error_of([&] {
      check_requested_outputs(parse({"--source", img.c_str(), "--screenshot", img.c_str(), y}));
    });
    EXPECT_NE(message.find("--screenshot"), std::string::npos) << message;
    EXPECT_NE(message.find("is the --source"), std::string::npos) << message;
  }
  // A frame dump whose input image would be the screenshot.
  const std::string prefix = (dir / "shot").string(), clash = (dir / "shot.input.png").string();
  EXPECT_NE(error_of([&] {
              check_requested_outputs(parse({"--screenshot", clash.c_str(), "--dump-frame", prefix.c_str()}));
            }).find("also another output"),
            std::string::npos);
  // A raw video's file is an input too: here the frame dump's input image would overwrite it.
  touch(dir / "raw.input.png");
  const std::string raw = "rawvideo:4x4:" + (dir / "raw.input.png").string(), raw_prefix = (dir / "raw").string();
  EXPECT_NE(error_of([&] {
              check_requested_outputs(parse({"--source", raw.c_str(), "--dump-frame", raw_prefix.c_str()}));
            }).find("is the --source"),
            std::string::npos);
  EXPECT_EQ(slurp(dir / "raw.input.png"), "keep me");
  EXPECT_NO_THROW(check_requested_outputs(parse({"--source", img.c_str(), "--screenshot", shot.c_str()})));
  EXPECT_EQ(slurp(dir / "img.png"), "keep me");
}

// Every file satlab reads is an input: the cascade and the radius map too, through any name, and
// an output onto one is a command line asking the impossible (UsageError: exit status 2).
TEST(OutputChecks, NeverTheCascadeNorTheRadiusMap) {
  if (!fs::exists(kDefaultCascade)) GTEST_SKIP() << "no " << kDefaultCascade << " (Debian's opencv-data)";
  const fs::path dir = temp_dir("outputs_other_inputs");
  const std::string cascade = (dir / "cascade.png").string(), cascade_link = (dir / "hard.input.png").string();
  fs::copy_file(kDefaultCascade, cascade);
  fs::create_hard_link(cascade, cascade_link);
  const std::string before = slurp(cascade);
  const std::string dump = (dir / "hard").string();
  for (const std::vector<const char*>& outputs :
       {std::vector<const char*>{"--screenshot", cascade.c_str()}, {"--dump-frame", dump.c_str()}}) {
    std::vector<const char*> args = {"--filter", "detect", "--cascade", cascade.c_str(), "-y"};
    args.insert(args.end(), outputs.begin(), outputs.end());
    try {
      check_requested_outputs(parse(args));
      ADD_FAILURE() << outputs[0] << " onto the cascade was accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string(outputs[0]) + ": "), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("is the --cascade '" + cascade + "' itself"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(slurp(cascade), before);

  touch(dir / "map.png");
  const std::string map = (dir / "map.png").string();
  try {
    check_requested_outputs(parse({"--filter", "variable-blur", "--shape", "map", "--radius-map", map.c_str(),
                                   "--screenshot", map.c_str(), "-y"}));
    ADD_FAILURE() << "--screenshot onto the radius map was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("is the --radius-map '" + map + "' itself"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(dir / "map.png"), "keep me");
}

// The families of files GStreamer's multi-file elements read: multifilesrc's printf pattern
// (any number where its conversion is, padded or not), splitfilesrc's glob; in the pattern's own
// folder only (the same directory by device and inode), a symbolic link judged by its target too.
TEST(SourceFiles, FileNamePatterns) {
  const fs::path dir = temp_dir("outputs_patterns");
  fs::create_directory(dir / "other");
  fs::create_directory_symlink(dir, dir / "other" / "back");
  const FileNamePattern frames((dir / "f_%03d.png").string(), FileNamePattern::Syntax::Printf);
  for (const char* name : {"f_000.png", "f_007.png", "f_1234.png", "f_-1.png"})
    EXPECT_TRUE(frames.matches((dir / name).string())) << name;
  for (const char* name : {"f_x.png", "g_001.png", "f_001.pngx", "f_.png"})
    EXPECT_FALSE(frames.matches((dir / name).string())) << name;
  EXPECT_FALSE(frames.matches((dir / "other" / "f_001.png").string()));
  EXPECT_TRUE(frames.matches((dir / "other" / "back" / "f_001.png").string()));  // the same folder
  fs::create_symlink(dir / "f_003.png", dir / "other" / "shot.png");
  EXPECT_TRUE(frames.matches((dir / "other" / "shot.png").string()));
  const FileNamePattern percent((dir / "100%%_%d.png").string(), FileNamePattern::Syntax::Printf);
  EXPECT_TRUE(percent.matches((dir / "100%_5.png").string()));
  EXPECT_FALSE(percent.matches((dir / "100%%_5.png").string()));
  const FileNamePattern parts((dir / "clip.mp4.*").string(), FileNamePattern::Syntax::Glob);
  EXPECT_TRUE(parts.matches((dir / "clip.mp4.0").string()));
  EXPECT_FALSE(parts.matches((dir / "clip.mp4").string()));
  touch(dir / "f_001.png");
  touch(dir / "f_002.png");
  touch(dir / "clip.mp4.1");
  EXPECT_EQ(frames.existing().size(), 2u);
  EXPECT_EQ(parts.existing().size(), 1u);
}

#if SATAPP_HAVE_GST
// What a gst: pipeline reads, as GStreamer's parser reads the description: a quoted location, a
// file:// URI decoded, patterns; nothing for a URL of another protocol or a source of no file.
TEST(SourceFiles, GstPipelinesNameTheirFiles) {
  const auto files_of = [](const std::string& pipeline) { return source_files(SourceSpec::gst(pipeline)); };
  SourceFiles f = files_of("filesrc location=\"/tmp/my clip.avi\" ! decodebin ! videoconvert");
  ASSERT_EQ(f.files.size(), 1u);
  EXPECT_EQ(f.files[0].path, "/tmp/my clip.avi");
  EXPECT_EQ(f.files[0].role, "--source pipeline's filesrc");
  f = files_of("uridecodebin uri=file:///tmp/a%20b.mp4 ! videoconvert");
  ASSERT_EQ(f.files.size(), 1u);
  EXPECT_EQ(f.files[0].path, "/tmp/a b.mp4");
  f = files_of("filesrc location=one.avi");  // one element: no bin around it
  ASSERT_EQ(f.files.size(), 1u);
  EXPECT_EQ(f.files[0].path, "one.avi");
  f = files_of("multifilesrc location=/tmp/f_%05d.png caps=image/png ! pngdec");
  ASSERT_EQ(f.patterns.size(), 1u);
  EXPECT_EQ(f.patterns[0].pattern.text(), "/tmp/f_%05d.png");
  EXPECT_EQ(f.patterns[0].role, "--source pipeline's multifilesrc");
  f = files_of("uridecodebin uri=http://example.invalid/clip.mp4 ! videoconvert");
  EXPECT_TRUE(f.files.empty() && f.patterns.empty());
  f = files_of("videotestsrc ! video/x-raw,format=GRAY8");
  EXPECT_TRUE(f.files.empty() && f.patterns.empty());
  f = files_of("filesrc location=a.avi ! nosuchelement");  // what parsed still counts
  ASSERT_EQ(f.files.size(), 1u);
  EXPECT_EQ(f.files[0].path, "a.avi");
}
#endif

// The recording formats and the sizes each stores exactly (record_format.h).
TEST(RecordFormat, SizesEachFormatStoresOrRefuses) {
  ASSERT_NE(record_format("x.AVI"), nullptr);
  EXPECT_STREQ(record_format("x.AVI")->fourcc, "MJPG");
  EXPECT_STREQ(record_format("x.mp4")->fourcc, "mp4v");
  EXPECT_EQ(record_format("x.mkv"), nullptr);
  const RecordFormat& avi = *record_format("x.avi");
  const RecordFormat& mp4 = *record_format("x.mp4");
  EXPECT_EQ(size_refusal(avi, 33, 17), "");
  EXPECT_EQ(size_refusal(avi, 8, 8), "");  // a quarter of its block
  EXPECT_EQ(size_refusal(avi, 1920, 1080), "");
  EXPECT_NE(size_refusal(avi, 9, 1).find("9x1 fills 3.5%: no format satlab records keeps 9x1"), std::string::npos)
      << size_refusal(avi, 9, 1);
  EXPECT_NE(size_refusal(avi, 640, 2).find("record to .mp4 (MPEG-4 (mp4v)), which keeps 640x2"), std::string::npos);
  EXPECT_EQ(
      size_refusal(mp4, 33, 17),
      "MPEG-4 (mp4v) in .mp4 needs even width and height; 33x17 is odd: record to .avi (MJPG), which keeps 33x17");
  EXPECT_EQ(size_refusal(mp4, 2, 2), "");
  EXPECT_NE(size_refusal(mp4, 1, 1).find("no format satlab records keeps 1x1"), std::string::npos);
}

// ---- writing ------------------------------------------------------------------------------------

TEST(PngFile, AppearsOnlyWhenComplete) {
  const fs::path dir = temp_dir("outputs_png");
  const cv::Mat image = test::random_image(64, 48, 3, 1);
  {
    satapp::files::AtomicOutput output((dir / "a.png").string(), false);
    write_png(output, image);
    EXPECT_FALSE(fs::exists(dir / "a.png"));  // not before commit()
    output.commit();
  }
  EXPECT_TRUE(fs::exists(dir / "a.png"));
  EXPECT_EQ(temporaries_in(dir), 0);
#if SATLAB_MEDIA_IO
  EXPECT_EQ(test::differing(cv::imread((dir / "a.png").string()), image), 0);
#endif
  // Without -y an existing file stays as it was, and the temporary goes.
  touch(dir / "b.png");
  EXPECT_NE(error_of([&] {
              satapp::files::AtomicOutput output((dir / "b.png").string(), false);
              write_png(output, image);
              output.commit();
            }).find("already exists"),
            std::string::npos);
  EXPECT_EQ(slurp(dir / "b.png"), "keep me");
  EXPECT_EQ(temporaries_in(dir), 0);
}

// A small tmpfs, mounted for the test's life (as root, where mount works; skipped elsewhere).
class SmallDisk {
 public:
  explicit SmallDisk(const fs::path& dir) : dir_(dir) {
    mounted_ = ::mount("tmpfs", dir.c_str(), "tmpfs", 0, "size=64k") == 0;
  }
  ~SmallDisk() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  bool mounted() const { return mounted_; }

 private:
  fs::path dir_;
  bool mounted_ = false;
};

TEST(PngFile, FullDiskIsAnErrorAndLeavesNothing) {
  const fs::path dir = temp_dir("outputs_full_disk");
  SmallDisk disk(dir);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (not root?)";
  const cv::Mat noise = test::random_image(256, 256, 3, 2);  // ~200 KB of PNG: over 64 KiB
  const std::string path = (dir / "full.png").string();
  const std::string message = error_of([&] {
    satapp::files::AtomicOutput output(path, false);
    write_png(output, noise);
    output.commit();
  });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("No space left on device"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(temporaries_in(dir), 0);
}

TEST(CapturePaths, NewNamesNeverReplaceOldOnes) {
  const fs::path dir = temp_dir("outputs_names");
  const std::string first = new_capture_path(dir.string(), "satlab", ".png");
  touch(first);
  const std::string second = new_capture_path(dir.string(), "satlab", ".png");
  EXPECT_NE(first, second);
  EXPECT_FALSE(fs::exists(second));
  EXPECT_EQ(fs::path(second).parent_path(), dir);
}

// ---- defaults and words --------------------------------------------------------------------------

TEST(Defaults, BoxKernelIsSatcoresAsInSatfilter) {
  const AppOptions o = parse({});
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().kernel_width, sat::BoxBlurParams{}.kernel_width);
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().kernel_height, sat::BoxBlurParams{}.kernel_height);
  EXPECT_EQ(o.filter.params<sat::BoxBlurParams>().border, sat::BoxBlurParams{}.border);
}

#if SATLAB_MEDIA_IO
// The sample image's point is its text under uneven light (left half); the default divider must
// leave most of that text on the filter's side (right of the divider), not on the input's.
TEST(Defaults, DividerShowsTheSampleTextFiltered) {
  const cv::Mat sample = cv::imread(SATLAB_ASSETS_DIR "/sample.png", cv::IMREAD_GRAYSCALE);
  ASSERT_FALSE(sample.empty()) << SATLAB_ASSETS_DIR "/sample.png";
  const double divider_x = parse({}).divider * sample.cols;
  cv::Mat background;  // the uneven light: text is what is much darker than its surroundings
  cv::blur(sample, background, cv::Size(31, 31));
  long long text = 0, filtered = 0;
  for (int y = 0; y < sample.rows; ++y)
    for (int x = 0; x < sample.cols * 6 / 10; ++x)  // the text; the test patterns are right of it
      if (sample.at<unsigned char>(y, x) + 40 < background.at<unsigned char>(y, x)) {
        ++text;
        if (x >= divider_x) ++filtered;
      }
  ASSERT_GT(text, 1000);
  EXPECT_GE(static_cast<double>(filtered) / static_cast<double>(text), 0.6)
      << "divider " << parse({}).divider << ": " << filtered << " of " << text << " text pixels filtered";
}
#endif

TEST(Counted, NounInTheRightNumber) {
  EXPECT_EQ(counted(1, "frame"), "1 frame");
  EXPECT_EQ(counted(0, "frame"), "0 frames");
  EXPECT_EQ(counted(2, "frame"), "2 frames");
}

}  // namespace
}  // namespace satlab
