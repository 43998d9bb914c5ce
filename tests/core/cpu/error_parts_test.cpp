// sat::Error's message in parts: the parameter, argument or file a message names is a field
// (subject(), parts()), so that front ends compose their own words without taking what() apart;
// and the same parts through the C ABI (sat_last_error_part, sat_last_error_subject).
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "sat/detect.h"
#include "sat/detect_c.h"
#include "sat/error.h"
#include "sat/filter_spec.h"
#include "sat/sat_c.h"

namespace {

sat::Error error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const sat::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no sat::Error";
  return sat::Error(sat::ErrorCode::InvalidArgument, "none", "none");
}

TEST(ErrorParts, PlainMessageIsOneTextPart) {
  const sat::Error e(sat::ErrorCode::Unsupported, "sat::compute", "tile 48 is not offered");
  EXPECT_STREQ(e.what(), "sat::compute: tile 48 is not offered");
  ASSERT_EQ(e.parts().size(), 1u);
  EXPECT_EQ(e.parts()[0].kind, sat::PartKind::Text);
  EXPECT_EQ(e.subject().kind, sat::PartKind::Text);
  EXPECT_EQ(e.subject().text, "");
}

TEST(ErrorParts, NamedPartsComposeTheMessage) {
  const sat::Error e(sat::ErrorCode::InvalidArgument, "sat::apply",
                     {sat::named_argument("dst"), " overlaps ", sat::named_argument("src")});
  EXPECT_EQ(e.message(), "dst overlaps src");
  EXPECT_STREQ(e.what(), "sat::apply: dst overlaps src");
  EXPECT_EQ(e.subject().kind, sat::PartKind::Argument);
  EXPECT_EQ(e.subject().text, "dst");
  const auto python = [](const sat::MessagePart& p) { return p.text == "dst" ? "out" : "input"; };
  EXPECT_EQ(e.message_naming(python), "out overlaps input");
}

TEST(ErrorParts, CatalogRangeErrorNamesTheParameter) {
  sat::FilterSpec spec = sat::default_spec("sauvola");
  const sat::Error e = error_of([&] { sat::set_param(spec, "window", 8); });
  EXPECT_EQ(e.subject().kind, sat::PartKind::Parameter);
  EXPECT_EQ(e.subject().text, "window");
  EXPECT_EQ(e.message(), sat::param_error(*sat::find_param(sat::info_of(spec), "window"), 8));
  // A front end says the parameter in its own words; the rest is the catalog's.
  const std::string said = e.message_naming([](const sat::MessagePart&) { return "--window"; });
  EXPECT_EQ(said.rfind("--window must be odd, 3..", 0), 0u) << said;
}

TEST(ErrorParts, CatalogParseErrorNamesTheParameter) {
  sat::FilterSpec spec = sat::default_spec("box");
  const sat::Error e = error_of([&] { sat::parse_param(spec, "border", "mirror"); });
  EXPECT_EQ(e.subject().kind, sat::PartKind::Parameter);
  EXPECT_EQ(e.subject().text, "border");
  EXPECT_EQ(e.message().rfind("border must be ", 0), 0u) << e.message();
}

TEST(ErrorParts, BoxKernelAreaNamesTheKernel) {
  sat::FilterSpec spec = sat::default_spec("box");
  sat::set_param(spec, "kernel_width", 65535);
  sat::set_param(spec, "kernel_height", 65535);
  const sat::Error e = error_of([&] { sat::validate(spec, "sat::validate"); });
  EXPECT_EQ(e.subject().kind, sat::PartKind::Parameter);
  EXPECT_EQ(e.subject().text, "kernel");
  EXPECT_EQ(e.message(), "kernel 65535x65535 is too large (its area must fit in an int)");
}

TEST(ErrorParts, DetectParameterErrorNamesTheParameter) {
  sat::DetectParams params;
  const sat::Error e = error_of([&] { sat::set_detect_param(params, "min_neighbors", -1); });
  EXPECT_EQ(e.subject().kind, sat::PartKind::Parameter);
  EXPECT_EQ(e.subject().text, "min_neighbors");
}

TEST(ErrorParts, CascadeFileErrorNamesTheFile) {
  const std::string missing = testing::TempDir() + "no such dir/src frame.xml";
  const sat::Error missing_error = error_of([&] { sat::load_haar_cascade(missing); });
  EXPECT_EQ(missing_error.subject().kind, sat::PartKind::File);
  EXPECT_EQ(missing_error.subject().text, missing);
  EXPECT_EQ(missing_error.message(), missing + ": no such file");

  const std::string bad = testing::TempDir() + "error_parts_bad_cascade.xml";
  std::FILE* f = std::fopen(bad.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("<opencv_storage><cascade type_id=\"opencv-haar-classifier\"/></opencv_storage>", f);
  std::fclose(f);
  const sat::Error parse_error = error_of([&] { sat::load_haar_cascade(bad); });
  std::remove(bad.c_str());
  EXPECT_EQ(parse_error.subject().kind, sat::PartKind::File);
  EXPECT_EQ(parse_error.subject().text, bad);
  const std::string said = parse_error.message_naming([](const sat::MessagePart& p) { return "'" + p.text + "'"; });
  EXPECT_EQ(said.rfind("'" + bad + "': is an old-style", 0), 0u) << said;
}

// The C ABI's parts, in order, as "kind:text" strings.
std::vector<std::string> c_parts() {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < sat_last_error_part_count(); ++i) {
    int kind = -1;
    const char* text = sat_last_error_part(i, &kind);
    parts.push_back(std::to_string(kind) + ":" + (text ? text : "(null)"));
  }
  return parts;
}

TEST(ErrorParts, CAbiGivesTheParts) {
  const sat_filter_param zero{"kernel_width", 0, "0", nullptr};
  sat_filter_footprint footprint{};
  ASSERT_EQ(sat_filter_get_footprint("box", &zero, 1, &footprint), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(c_parts(), (std::vector<std::string>{"1:kernel_width", "0: must be >= 1 (got 0)"}));
  std::string joined;
  for (std::size_t i = 0; i < sat_last_error_part_count(); ++i) joined += sat_last_error_part(i, nullptr);
  EXPECT_EQ(joined, sat_last_error_message());  // the C message is unchanged: the parts make it
  int kind = -1;
  EXPECT_STREQ(sat_last_error_subject(&kind), "kernel_width");
  EXPECT_EQ(kind, SAT_PART_PARAMETER);
  EXPECT_EQ(sat_last_error_part(2, &kind), nullptr);

  sat_cascade* cascade = nullptr;
  ASSERT_EQ(sat_cascade_load("/nonexistent/faces.xml", &cascade), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(c_parts(), (std::vector<std::string>{"3:/nonexistent/faces.xml", "0:: no such file"}));
  EXPECT_STREQ(sat_last_error_subject(&kind), "/nonexistent/faces.xml");
  EXPECT_EQ(kind, SAT_PART_FILE);

  // A failure that names nothing: one text part; a success: no parts.
  ASSERT_EQ(sat_parse_algorithm("nope", &kind), SAT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(c_parts(), (std::vector<std::string>{"0:unknown algorithm 'nope'"}));
  EXPECT_STREQ(sat_last_error_subject(&kind), "");
  EXPECT_EQ(kind, SAT_PART_TEXT);
  ASSERT_EQ(sat_parse_algorithm("2r1w", &kind), SAT_OK);
  EXPECT_EQ(sat_last_error_part_count(), 0u);
}

}  // namespace
