/* satcore's C ABI: plain C functions over the C++ entry points (sat.h, filters.h), for any
 * language's foreign-function interface (Python's module, ctypes, Rust, Julia, ...).
 *
 * Conventions:
 *  - Every function returns a sat_status; SAT_OK is 0. On failure, sat_last_error() returns the
 *    message of the last failed call on this thread (e.g. "sat::compute: width must be >= 1
 *    (got 0)"); nothing was launched when the arguments were bad.
 *  - Enumerations travel as int with the values below; they match the C++ enums.
 *  - `stream` is a cudaStream_t passed as void* (NULL = the legacy default stream). GPU calls are
 *    asynchronous on it and never synchronise the device; CPU calls are synchronous.
 *  - Pitches and plane strides are in bytes.
 *
 * Example (a table of a device image, default algorithm):
 *   sat_problem p = {SAT_U8_TO_U32, w, h, d_in, w, d_out, 4 * (size_t)w};
 *   size_t bytes;  sat_workspace_size(&p, NULL, 1, &bytes);   ... allocate bytes ...
 *   if (sat_compute(&p, NULL, NULL, d_ws, bytes, stream) != SAT_OK) puts(sat_last_error());
 * or, table after table, with a workspace the library owns and sizes:
 *   sat_workspace* ws;  sat_workspace_create(&ws);
 *   if (sat_compute_in(ws, &p, NULL, NULL, stream) != SAT_OK) puts(sat_last_error());
 *   ...  sat_workspace_destroy(ws);
 */
#ifndef SAT_SAT_C_H
#define SAT_SAT_C_H

#include <stddef.h>
#include <stdint.h>

/* A declaration that warns where it is used. */
#if defined(__cplusplus) && __cplusplus >= 201402L
#define SAT_DEPRECATED(message) [[deprecated(message)]]
#elif defined(__GNUC__) || defined(__clang__)
#define SAT_DEPRECATED(message) __attribute__((deprecated(message)))
#else
#define SAT_DEPRECATED(message)
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sat_status {
  SAT_OK = 0,
  SAT_ERROR_INVALID_ARGUMENT = 1, /* a size, pointer, pitch or parameter out of range */
  SAT_ERROR_UNSUPPORTED = 2,      /* a valid request this algorithm/type/tile does not offer */
  SAT_ERROR_WORKSPACE_TOO_SMALL = 3,
  SAT_ERROR_OUT_OF_MEMORY = 4,
  SAT_ERROR_CUDA = 5,    /* a CUDA call or kernel launch failed */
  SAT_ERROR_INTERNAL = 6 /* anything else (a bug: please report it) */
} sat_status;

/* Element types: input → output (see sat/types.h). */
enum {
  SAT_U8_TO_U32 = 0,
  SAT_U8X4_TO_U32X4 = 1,
  SAT_F32_TO_F32 = 2,
  SAT_F32X2_TO_F32X2 = 3,
  SAT_U8_TO_U64_SQUARES = 4,
  SAT_U8_TO_SUMSQ = 5,
  SAT_U32X2_TO_U32X2 = 6,
  SAT_U16_TO_U32 = 7, /* wrapping: exact box sums up to 65 537 pixels */
  SAT_U16_TO_U64 = 8,
  SAT_U16_TO_SUMSQ = 9,
  SAT_U16X4_TO_U32X4 = 10
};

/* Algorithms (see sat/sat.h); names as sat_algorithm_name() prints them. */
enum {
  SAT_ALGORITHM_2R2W = 0,
  SAT_ALGORITHM_2R2W_OPTIMAL = 1,
  SAT_ALGORITHM_2R1W = 2,
  SAT_ALGORITHM_1R1W = 3,
  SAT_ALGORITHM_HYBRID_1R1W = 4,
  SAT_ALGORITHM_1R1W_SKSS = 5,
  SAT_ALGORITHM_1R1W_SKSS_LB = 6
};

/* Which table (sat::Table): the upright table, or cv::integral's tilted (45°) table of
 * (height + 1) × (width + 1) values, for SAT_U8_TO_U32 and SAT_F32_TO_F32 (see sat/sat.h). */
enum { SAT_TABLE_UPRIGHT = 0, SAT_TABLE_TILTED = 1 };

enum { SAT_BACKEND_CUDA = 0, SAT_BACKEND_CPU = 1 };
enum { SAT_BORDER_REFLECT101 = 0, SAT_BORDER_REPLICATE = 1 };

typedef struct sat_options {
  int algorithm;   /* SAT_ALGORITHM_* */
  int tile;        /* 32, 64, 128, or 0 for the default */
  double hybrid_r; /* (1+r)R1W only, 0 < r < 1 */
  int table;       /* SAT_TABLE_UPRIGHT (0) or SAT_TABLE_TILTED */
} sat_options;

/* One plane: device pointers for sat_compute, host pointers for sat_cpu_compute. */
typedef struct sat_problem {
  int type; /* SAT_U8_TO_U32, ... */
  int width;
  int height;
  const void* input;
  size_t input_pitch;
  void* output;
  size_t output_pitch;
} sat_problem;

/* `planes` planes; plane k at input + k·input_plane_stride, output + k·output_plane_stride. */
typedef struct sat_batch {
  int planes;
  size_t input_plane_stride;
  size_t output_plane_stride;
} sat_batch;

/* An 8-bit image, channels (1, 3 = BGR, 4 = BGRA) interleaved. */
typedef struct sat_image8 {
  uint8_t* data;
  size_t pitch;
  int width;
  int height;
  int channels;
} sat_image8;

const char* sat_version(void);                  /* e.g. "0.2.0" */
const char* sat_last_error(void);               /* this thread's last failure; "" if none */
const char* sat_last_error_message(void);       /* the same without the call's name: "width must be >= 1 (got 0)" */
const char* sat_status_name(sat_status status); /* e.g. "invalid argument" */

/* sat_last_error_message() in parts, for a caller that says names in its own words: each part is
 * text (SAT_PART_TEXT) or the name of a parameter of a catalog, an argument of the failed call or
 * a file ("kernel_width" + " must be >= 1 (got 0)"); the parts' texts in order are the message.
 * sat_last_error_part returns NULL for an index past the last; `kind` may be NULL. The subject
 * is the first named part: what the failure concerns ("" and SAT_PART_TEXT when none). */
enum { SAT_PART_TEXT = 0, SAT_PART_PARAMETER = 1, SAT_PART_ARGUMENT = 2, SAT_PART_FILE = 3 };
size_t sat_last_error_part_count(void);
const char* sat_last_error_part(size_t index, int* kind);
const char* sat_last_error_subject(int* kind);

sat_options sat_default_options(void);         /* 1R1W-SKSS-LB, default tile */
const char* sat_algorithm_name(int algorithm); /* NULL for an unknown value */
sat_status sat_parse_algorithm(const char* name, int* algorithm);
size_t sat_input_element_size(int type); /* 0 for an unknown type */
size_t sat_output_element_size(int type);

/* Device bytes sat_compute needs for `planes` planes of problem's type and size (pointers
 * unused). options NULL = defaults. */
sat_status sat_workspace_size(const sat_problem* problem, const sat_options* options, int planes, size_t* bytes);
/* The table(s) on the GPU. batch NULL = one plane; options NULL = defaults. */
sat_status sat_compute(const sat_problem* problem, const sat_batch* batch, const sat_options* options, void* workspace,
                       size_t workspace_bytes, void* stream);
/* A workspace the library owns (sat::Workspace): sat_compute_in sizes it for each call, so there
 * is nothing to size or allocate, and it remembers what its last call left in it, so repeated
 * calls of one layout (type, size, planes, tile) skip the per-call reset launch that sat_compute
 * pays with 1R1W-SKSS-LB (a few µs a call); a call of another layout pays it once.
 *  - Created empty: sat_workspace_create allocates no device memory (and needs no GPU).
 *  - Grows, never shrinks: a call that needs more than it holds frees the old buffer (cudaFree,
 *    which waits for the whole device: a one-off pause), allocates the new size on the current
 *    device and pays the reset launch. Use one workspace on one device (a call with another
 *    current device is an invalid argument).
 *  - One stream at a time: it carries state from call to call, so its calls must be ordered (one
 *    stream, or the caller orders them); give each concurrent stream its own workspace. Not
 *    thread-safe. */
typedef struct sat_workspace sat_workspace;
sat_status sat_workspace_create(sat_workspace** workspace);
void sat_workspace_destroy(sat_workspace* workspace);       /* waits for the device (cudaFree); NULL is fine */
size_t sat_workspace_bytes(const sat_workspace* workspace); /* device bytes held now; 0 for NULL */
/* sat_compute in `workspace`: same arguments (batch NULL = one plane, options NULL = defaults),
 * validation, statuses and messages. A rejected call allocates nothing. */
sat_status sat_compute_in(sat_workspace* workspace, const sat_problem* problem, const sat_batch* batch,
                          const sat_options* options, void* stream);
/* The table(s) on the CPU, `threads` threads (0 = all). */
sat_status sat_cpu_compute(const sat_problem* problem, const sat_batch* batch, int threads);
/* The tilted table(s) on the CPU (sat::cpu_tilted; one thread). */
sat_status sat_cpu_compute_tilted(const sat_problem* problem, const sat_batch* batch);

/* Filters (sat/filters.h): an engine owns the tables for images up to its max size; one engine
 * per stream, not thread-safe. Same results on both backends (bit-exact with OpenCV where the
 * C++ API says so). */
typedef struct sat_filter_engine sat_filter_engine;
sat_status sat_filter_engine_create(int backend, int max_width, int max_height, const sat_options* options,
                                    sat_filter_engine** engine);
void sat_filter_engine_destroy(sat_filter_engine* engine); /* NULL is fine */

/* Deprecated: the per-filter functions from before the catalog, each sat_filter_apply with its
 * filter's name and these parameters (core/src/deprecated_entry_points.cpp); errors name the function
 * called ("sat_box_blur: ..."). */
SAT_DEPRECATED("use sat_filter_apply(engine, \"box\", ...)")
sat_status sat_box_blur(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int kernel_width,
                        int kernel_height, int border, void* stream);
SAT_DEPRECATED("use sat_filter_apply(engine, \"threshold\", ...)")
sat_status sat_threshold_mean_c(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int block,
                                double C, int invert, uint8_t max_value, void* stream);
SAT_DEPRECATED("use sat_filter_apply(engine, \"sauvola\", ...)")
sat_status sat_threshold_sauvola(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int window,
                                 double k, double r, uint8_t max_value, void* stream);
SAT_DEPRECATED("use sat_filter_apply(engine, \"bradley\", ...)")
sat_status sat_threshold_bradley(sat_filter_engine* engine, const sat_image8* src, const sat_image8* dst, int window,
                                 double t, uint8_t max_value, void* stream);

/* Any filter by name, as satcore's catalog describes it (sat/filter_spec.h): a tagged spec, the
 * filter's name and the parameters that differ from its defaults. Each parameter is given by
 * `text` when not NULL ("31", "replicate"), else by `image` for image parameters (a radius map),
 * else by `value` (Choice: the index; Bool: 0/1). Unknown names, values out of range and rules
 * between parameters are refused before anything runs, with the catalog's message
 * ("sat_filter_apply: window must be odd, 3..46339 (got 8)"). dst has
 * sat_filter_output_channels() channels. */
typedef struct sat_filter_param {
  const char* name;
  double value;
  const char* text;
  const sat_image8* image;
} sat_filter_param;
sat_status sat_filter_apply(sat_filter_engine* engine, const char* filter, const sat_filter_param* params,
                            int param_count, const sat_image8* src, const sat_image8* dst, void* stream);

/* A 16-bit image (uint16_t samples in the host's byte order: 16-bit data, or 10- and 12-bit data
 * as their values), channels interleaved as for sat_image8; pitch in bytes, even. */
typedef struct sat_image16 {
  uint16_t* data;
  size_t pitch;
  int width;
  int height;
  int channels;
} sat_image16;
/* sat_filter_apply on 16-bit images: the filters whose sat_filter_sample_types() has
 * SAT_SAMPLE_U16 (box, threshold, bradley, sauvola); others are refused naming the type. dst is
 * 16-bit too; thresholds write 0 or max_value * 257. */
sat_status sat_filter_apply16(sat_filter_engine* engine, const char* filter, const sat_filter_param* params,
                              int param_count, const sat_image16* src, const sat_image16* dst, void* stream);

/* A filter session (sat/filter_session.h): an engine sized to the images it is given, made again
 * (larger) when a larger image comes, never per call and never smaller; sat_filter_session_release
 * lets it go. Images in the backend's memory, as sat_filter_apply takes them (CUDA: enqueued on
 * `stream`); errors name sat_filter_session_apply. One session per stream, not thread-safe. */
typedef struct sat_filter_session sat_filter_session;
sat_status sat_filter_session_create(int backend, const sat_options* options, sat_filter_session** session);
void sat_filter_session_destroy(sat_filter_session* session); /* NULL is fine */
/* Other options make the engine again at the next call, of the size it had. */
sat_status sat_filter_session_set_options(sat_filter_session* session, const sat_options* options);
sat_status sat_filter_session_release(sat_filter_session* session);
/* sat_filter_session_apply on 16-bit images (see sat_filter_apply16). */
sat_status sat_filter_session_apply16(sat_filter_session* session, const char* filter, const sat_filter_param* params,
                                      int param_count, const sat_image16* src, const sat_image16* dst, void* stream);
/* The images the engine holds now: 0 x 0 before the first call and after a release. */
sat_status sat_filter_session_extent(const sat_filter_session* session, int* width, int* height);
sat_status sat_filter_session_apply(sat_filter_session* session, const char* filter, const sat_filter_param* params,
                                    int param_count, const sat_image8* src, const sat_image8* dst, void* stream);

/* The footprint of `filter` with `params` (as sat_filter_apply takes them; image parameters may be
 * left out): an output pixel reads the input within halo_x columns and halo_y rows of it, so a tile
 * grown by the halo gives the whole image's values inside the tile — unless position_dependent (1):
 * then the result also depends on the pixel's place in the whole image. */
typedef struct sat_filter_footprint {
  int halo_x, halo_y;
  int position_dependent;
} sat_filter_footprint;
sat_status sat_filter_get_footprint(const char* filter, const sat_filter_param* params, int param_count,
                                    sat_filter_footprint* footprint);

/* The catalog, for bindings that generate their functions from it. Filters and parameters are
 * numbered from 0 in catalog order; strings are static (never freed). */
enum { SAT_PARAM_INT = 0, SAT_PARAM_REAL = 1, SAT_PARAM_BOOL = 2, SAT_PARAM_CHOICE = 3, SAT_PARAM_IMAGE = 4 };
typedef struct sat_param_info {
  const char* name;
  int kind;               /* SAT_PARAM_* */
  double min, max;        /* the range (Choice: 0 … choice_count − 1) */
  int min_open, max_open; /* 1 where that end is excluded */
  int odd;                /* Int: odd values only */
  int choice_count;
  double default_value; /* Choice: the index */
  double step;          /* a slider's step */
  const char* help;
} sat_param_info;
int sat_filter_count(void);
const char* sat_filter_name(int filter);    /* NULL when out of range */
const char* sat_filter_summary(int filter); /* NULL when out of range */
int sat_filter_find(const char* name);      /* index by name or alias; -1 when unknown */
int sat_filter_gray_output(int filter);     /* 1: one gray channel out; 0: src's channels; -1 */
int sat_filter_param_count(int filter);     /* -1 when out of range */
/* The sample types a filter takes, as flags: SAT_SAMPLE_U8 (every filter), SAT_SAMPLE_U16; 0 when
 * out of range. */
enum { SAT_SAMPLE_U8 = 1, SAT_SAMPLE_U16 = 2 };
int sat_filter_sample_types(int filter);
sat_status sat_filter_param_info(int filter, int param, sat_param_info* info);
const char* sat_filter_param_choice(int filter, int param, int choice); /* NULL when out of range */
/* The range in words ("odd, 3..46339"), as errors say it; NULL when out of range. */
const char* sat_filter_param_range(int filter, int param);

#ifdef __cplusplus
}
#endif

#endif /* SAT_SAT_C_H */
