/* The C ABI used from C: this file is compiled as C (not C++), so sat_c.h must be valid C. It
 * computes a 3×3 table and a box blur on the CPU backend and checks the values, and creates a
 * sat_workspace and has it reject bad calls (no GPU needed), and runs a filter by name through
 * sat_filter_apply and reads the catalog; the C ABI tests call it. Returns 0 on success, else the
 * number of the first failed check. */
#include <stdint.h>
#include <string.h>

#include "sat/sat_c.h"

// The deprecated per-filter entry points are checked here too (they must keep working).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int sat_c_abi_probe(void) {
  uint8_t in[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  uint32_t out[9];
  const uint32_t expected[9] = {1, 2, 3, 2, 4, 6, 3, 6, 9};
  sat_problem p;
  memset(out, 0, sizeof out);
  p.type = SAT_U8_TO_U32;
  p.width = 3;
  p.height = 3;
  p.input = in;
  p.input_pitch = 3;
  p.output = out;
  p.output_pitch = 3 * sizeof(uint32_t);
  if (sat_cpu_compute(&p, NULL, 1) != SAT_OK) return 1;
  if (memcmp(out, expected, sizeof out) != 0) return 2;

  p.width = 0; /* a bad size: a status and a message, no crash */
  if (sat_cpu_compute(&p, NULL, 1) != SAT_ERROR_INVALID_ARGUMENT) return 3;
  if (strstr(sat_last_error(), "width must be >= 1") == NULL) return 4;

  {
    sat_filter_engine* engine = NULL;
    uint8_t img[16], blurred[16];
    sat_image8 src, dst;
    int i;
    for (i = 0; i < 16; ++i) img[i] = (uint8_t)(i * 10);
    src.data = img;
    src.pitch = 4;
    src.width = 4;
    src.height = 4;
    src.channels = 1;
    dst = src;
    dst.data = blurred;
    if (sat_filter_engine_create(SAT_BACKEND_CPU, 4, 4, NULL, &engine) != SAT_OK) return 5;
    if (sat_box_blur(engine, &src, &dst, 1, 1, SAT_BORDER_REFLECT101, NULL) != SAT_OK) return 6;
    sat_filter_engine_destroy(engine);
    if (memcmp(img, blurred, sizeof img) != 0) return 7; /* a 1×1 box is the identity */
  }

  {
    sat_workspace* ws = NULL;
    if (sat_workspace_create(&ws) != SAT_OK || ws == NULL) return 8;
    if (sat_workspace_bytes(ws) != 0) return 9; /* nothing allocated yet */
    if (sat_compute_in(ws, NULL, NULL, NULL, NULL) != SAT_ERROR_INVALID_ARGUMENT) return 10;
    if (strstr(sat_last_error(), "problem is null") == NULL) return 11;
    if (sat_compute_in(ws, &p, NULL, NULL, NULL) != SAT_ERROR_INVALID_ARGUMENT) return 12; /* width 0 */
    if (strstr(sat_last_error(), "width must be >= 1") == NULL) return 13;
    sat_workspace_destroy(ws);
    sat_workspace_destroy(NULL);
  }

  {
    sat_filter_engine* engine = NULL;
    uint8_t img[16], out8[16];
    sat_image8 src, dst;
    sat_filter_param params[3];
    sat_param_info info;
    int i, box;
    for (i = 0; i < 16; ++i) img[i] = (uint8_t)(i < 8 ? 10 : 200);
    src.data = img;
    src.pitch = 4;
    src.width = 4;
    src.height = 4;
    src.channels = 1;
    dst = src;
    dst.data = out8;
    memset(params, 0, sizeof params);
    params[0].name = "kernel_width"; /* by value */
    params[0].value = 1;
    params[1].name = "kernel_height";
    params[1].value = 1;
    params[2].name = "border"; /* by text */
    params[2].text = "replicate";
    if (sat_filter_engine_create(SAT_BACKEND_CPU, 4, 4, NULL, &engine) != SAT_OK) return 14;
    if (sat_filter_apply(engine, "box", params, 3, &src, &dst, NULL) != SAT_OK) return 15;
    if (memcmp(img, out8, sizeof img) != 0) return 16; /* a 1×1 box by name: the identity */
    params[0].value = 0;                               /* out of range: the catalog's text under the C name */
    if (sat_filter_apply(engine, "box", params, 1, &src, &dst, NULL) != SAT_ERROR_INVALID_ARGUMENT) return 17;
    if (strcmp(sat_last_error(), "sat_filter_apply: kernel_width must be >= 1 (got 0)") != 0) return 18;
    sat_filter_engine_destroy(engine);

    box = sat_filter_find("box");
    if (box < 0 || strcmp(sat_filter_name(box), "box") != 0) return 19;
    if (sat_filter_param_info(box, 2, &info) != SAT_OK) return 20;
    if (strcmp(info.name, "border") != 0 || info.kind != SAT_PARAM_CHOICE || info.choice_count != 2) return 21;
    if (strcmp(sat_filter_param_choice(box, 2, 1), "replicate") != 0) return 22;
    if (sat_filter_find("mean-c") != sat_filter_find("threshold")) return 23;
    if (sat_filter_gray_output(sat_filter_find("adaptive")) != 1) return 24;
  }

  {
    /* 16-bit images: a 3x3 box and a Kuwahara filter of a constant image are the constant. */
    sat_filter_engine* engine = NULL;
    uint16_t img16[12], out16[12];
    sat_image16 src16, dst16;
    int i;
    for (i = 0; i < 12; ++i) img16[i] = 60000;
    src16.data = img16;
    src16.pitch = 4 * sizeof(uint16_t);
    src16.width = 4;
    src16.height = 3;
    src16.channels = 1;
    dst16 = src16;
    dst16.data = out16;
    if (sat_filter_sample_types(sat_filter_find("box")) != (SAT_SAMPLE_U8 | SAT_SAMPLE_U16)) return 25;
    if (sat_filter_sample_types(sat_filter_find("kuwahara")) != (SAT_SAMPLE_U8 | SAT_SAMPLE_U16)) return 26;
    if (sat_filter_engine_create(SAT_BACKEND_CPU, 4, 3, NULL, &engine) != SAT_OK) return 27;
    if (sat_filter_apply16(engine, "box", NULL, 0, &src16, &dst16, NULL) != SAT_OK) return 28;
    if (memcmp(img16, out16, sizeof img16) != 0) return 29;
    for (i = 0; i < 12; ++i) out16[i] = 1;
    if (sat_filter_apply16(engine, "kuwahara", NULL, 0, &src16, &dst16, NULL) != SAT_OK) return 30;
    if (memcmp(img16, out16, sizeof img16) != 0) return 31;
    sat_filter_engine_destroy(engine);
  }
  return 0;
}
