// sat::FilterSession, shared by the CPU and GPU suites: the engine grows with the frames and never
// shrinks, image parameters are copied once per change (keyed by identity and version, not by
// frame), and the results are FilterEngine::apply's byte for byte on random odd-sized frames.
#pragma once

#include <string>
#include <vector>

#include "apply_cases.h"
#include "sat/filter_session.h"

namespace sat::test {

// session.run_host, or (device = true, CUDA) run_device through pitched device copies.
inline cv::Mat run_session(FilterSession& session, const FilterSpec& spec, const cv::Mat& src, bool device) {
  const int dst_cn = output_channels(spec, src.channels());
  if (device)
    return run_through_device(src, dst_cn, 0xCD, session.stream(), [&](ConstImage8 d_src, Image8 d_dst) {
      session.run_device(spec, d_src, d_dst, session.stream());
    });
  cv::Mat dst(src.rows, src.cols, CV_8UC(dst_cn), cv::Scalar::all(0xCD));
  session.run_host(spec, view(src), view(dst));
  return dst;
}

inline ImageSource source_of(const cv::Mat& image, const void* identity, std::uint64_t version) {
  return {identity, version, view(image)};
}

inline FilterSpec radius_map_spec(int max_radius) {
  FilterSpec spec = default_spec("variable-blur");
  parse_param(spec, "shape", "map");
  parse_param(spec, "max_radius", std::to_string(max_radius));
  return spec;
}

// Each frame larger in some side makes the engine again, as large as every frame so far in each
// side; a smaller frame runs on the engine there is. release() starts again from the next frame.
inline void check_session_grows_never_shrinks(Backend backend) {
  FilterSession session(backend);
  EXPECT_EQ(session.extent().width, 0);
  EXPECT_EQ(session.engines_made(), 0);
  struct Step {
    int width, height;
    int want_width, want_height, want_made;
  };
  const Step steps[] = {{41, 31, 41, 31, 1}, {21, 51, 41, 51, 2}, {11, 11, 41, 51, 2},
                        {41, 51, 41, 51, 2}, {61, 21, 61, 51, 3}, {3, 5, 61, 51, 3}};
  const FilterSpec box = default_spec("box");
  for (const Step& s : steps) {
    SCOPED_TRACE(std::to_string(s.width) + "x" + std::to_string(s.height));
    const cv::Mat src = random_image(s.width, s.height, 1, uint32_t(s.width * 100 + s.height));
    run_session(session, box, src, false);
    EXPECT_EQ(session.extent().width, s.want_width);
    EXPECT_EQ(session.extent().height, s.want_height);
    EXPECT_EQ(session.engines_made(), s.want_made);
    EXPECT_EQ(session.engine({s.width, s.height}).max_extent().width, s.want_width);
  }
  EXPECT_EQ(session.engines_made(), 3) << "engine() of a frame it holds makes none";
  session.release();
  EXPECT_EQ(session.extent().width, 0);
  run_session(session, box, random_image(9, 7, 3, 5), false);
  EXPECT_EQ(session.extent().width, 9);
  EXPECT_EQ(session.extent().height, 7);
  EXPECT_EQ(session.engines_made(), 4);
  // Other options: the engine made again at the next frame, of the extent it had.
  Options options;
  options.algorithm = Algorithm::Naive2R2W;
  session.set_sat_options(options);
  session.set_sat_options(options);
  run_session(session, box, random_image(5, 5, 1, 6), false);
  EXPECT_EQ(session.engines_made(), 5);
  EXPECT_EQ(session.extent().width, 9);
  EXPECT_EQ(session.engine({1, 1}).sat_options().algorithm, Algorithm::Naive2R2W);
  // The session's settings go to every engine it makes.
  session.set_cpu_threads(2);
  session.enable_stage_timing(true);
  run_session(session, box, random_image(70, 3, 1, 7), false);
  EXPECT_EQ(session.engines_made(), 6);
  EXPECT_EQ(session.engine({1, 1}).cpu_threads(), 2);
  EXPECT_EQ(session.cpu_threads(), 2);
  EXPECT_THROW(session.set_cpu_threads(-1), Error);
}

// Random filters of the catalog on random odd-sized frames (1, 3, 4 channels, padded rows), one
// session for all of them (growing as it goes): the bytes of a FilterEngine made for each frame.
inline void check_session_matches_engine(Backend backend, bool device) {
  FilterSession session(backend);
  std::mt19937 rng(4401);
  uint32_t seed = 4400;
  for (int trial = 0; trial < 24; ++trial)
    for (std::string_view filter : {"box", "threshold", "sauvola", "bradley", "variable-blur"}) {
      const int w = 1 + 2 * int(rng() % 60u), h = 1 + 2 * int(rng() % 40u), cn = int("\1\3\4"[rng() % 3u]);
      const cv::Mat src = with_padding(random_image(w, h, cn, seed++));
      FilterSpec spec = random_spec(filter, rng, std::max(w, h));
      if (auto* blur = std::get_if<VariableBlurParams>(&spec); blur && blur->shape == RadiusShape::Map)
        blur->shape = RadiusShape::Focus;  // maps: check_session_copies_images_once
      SCOPED_TRACE(sat::describe(spec) + " on " + describe(src));
      FilterEngine engine(backend, {w, h});
      EXPECT_MAT_EQ(run_session(session, spec, src, device), apply_on(engine, spec, src, nullptr), "session vs apply");
    }
}

// An image parameter is copied when its (identity, version) is new, never per frame: pixels
// changed under the same pair are not seen; a new version is. Its result is apply's with the map.
inline void check_session_copies_images_once(Backend backend, bool device) {
  FilterSession session(backend);
  const int w = 37, h = 23;
  const cv::Mat src = random_image(w, h, 3, 71);
  cv::Mat map(h, w, CV_8UC1);
  cv::randu(map, 0, 9);
  const cv::Mat first_map = map.clone();
  const FilterSpec spec = radius_map_spec(8);
  FilterEngine engine(backend, {w, h});
  const auto with_map = [&](const cv::Mat& m) {
    FilterSpec bound = spec;
    if (backend == Backend::Cpu) {
      set_image_param(bound, "radius_map", view(m));
      return apply_on(engine, bound, src, nullptr);
    }
    DevicePitched d_map(m.cols, m.rows);
    cuda_ok(cudaMemcpy2D(d_map.data(), d_map.pitch(), m.data, m.step, std::size_t(m.cols), std::size_t(m.rows),
                         cudaMemcpyHostToDevice),
            "upload map");
    set_image_param(bound, "radius_map", {d_map.data(), d_map.pitch(), m.cols, m.rows, 1});
    return apply_on(engine, bound, src, nullptr);
  };
  const cv::Mat want_first = with_map(first_map);

  for (int frame = 0; frame < 5; ++frame) {
    session.set_image("radius_map", source_of(map, &map, 1));
    EXPECT_MAT_EQ(run_session(session, spec, src, device), want_first, "the map's first pixels");
  }
  EXPECT_EQ(session.image_copies(), 1u) << "one copy for five frames";

  map.setTo(cv::Scalar::all(8));  // new pixels, same identity and version: the copy stays
  const cv::Mat want_second = with_map(map);
  ASSERT_GT(cv::norm(want_first, want_second, cv::NORM_INF), 0) << "the two maps must blur differently";
  session.set_image("radius_map", source_of(map, &map, 1));
  EXPECT_MAT_EQ(run_session(session, spec, src, device), want_first, "not copied again");
  EXPECT_EQ(session.image_copies(), 1u);

  session.set_image("radius_map", source_of(map, &map, 2));  // a new version: copied
  EXPECT_MAT_EQ(run_session(session, spec, src, device), want_second, "the new version");
  EXPECT_EQ(session.image_copies(), 2u);
  const cv::Mat other = map.clone();
  session.set_image("radius_map", source_of(other, &other, 2));  // a new identity: copied
  EXPECT_EQ(session.image_copies(), 3u);

  // A filter without the parameter runs as it would without the session's image.
  const FilterSpec box = default_spec("box");
  EXPECT_MAT_EQ(run_session(session, box, src, device), apply_on(engine, box, src, nullptr), "box ignores the map");

  // Cleared: the spec's own value (none: refused, as apply refuses a map shape without a map).
  session.clear_image("radius_map");
  EXPECT_THROW(run_session(session, spec, src, device), Error);
}

}  // namespace sat::test
