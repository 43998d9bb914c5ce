/* satcore's C ABI of detection (sat/detect.h): Viola–Jones with OpenCV's Haar cascades, as
 * cv::CascadeClassifier::detectMultiScale answers, on the CUDA or the CPU backend.
 *
 * Conventions are sat_c.h's: every function returns a sat_status (SAT_OK = 0) and on failure
 * sat_last_error() says why ("sat_cascade_load: /x.xml: not found"); enumerations travel as int;
 * `stream` is a cudaStream_t as void*; pitches are in bytes.
 *
 * Example (faces of a gray host image, CPU backend):
 *   sat_cascade* c;  sat_detector* d;  sat_box boxes[64];  int count;
 *   if (sat_cascade_load("/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml", &c)) ...
 *   sat_detector_create(SAT_BACKEND_CPU, c, 1920, 1080, 1.1, 3, 30, 30, 0, 0, &d);
 *   sat_cascade_destroy(c);                       (the detector keeps its own copy)
 *   sat_image8 frame = {pixels, pitch, 1920, 1080, 1};
 *   if (sat_detect(d, &frame, boxes, 64, &count, NULL) == SAT_OK)  ... count faces, min(count, 64) in boxes
 *   sat_detector_destroy(d);
 */
#ifndef SAT_DETECT_C_H
#define SAT_DETECT_C_H

#include "sat/sat_c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A Haar cascade read from an OpenCV >= 2.4 XML file (sat::load_haar_cascade): refused, naming the
 * file and the reason, when missing, not well-formed (truncated), another format (pre-2.4, LBP,
 * HOG), or inconsistent, naming the stage, tree, node or rectangle
 * (an index out of range, a tree whose links form a cycle or leave a node unreached, a rectangle
 * outside the training window whatever its weight). Immutable; may be destroyed once detectors
 * are made. */
typedef struct sat_cascade sat_cascade;
sat_status sat_cascade_load(const char* path, sat_cascade** cascade);
void sat_cascade_destroy(sat_cascade* cascade); /* NULL is fine */
/* The training window (e.g. 24 x 24): the smallest object the cascade finds. */
sat_status sat_cascade_window(const sat_cascade* cascade, int* width, int* height);

/* A detector (sat::Detector) for frames up to max_width x max_height, made once and applied per
 * frame with no allocation per frame. detectMultiScale's parameters: scale_factor > 1 giving at
 * most 1000 scales up to the max size (kMaxDetectScales; any factor >= 1.01 does), min_neighbors >= 0 (0: every
 * accepted window, ungrouped), object sizes in frame pixels (0 x 0: no minimum / the frame's size). CUDA: device
 * buffers on the current device. One detector per stream; not thread-safe. */
typedef struct sat_detector sat_detector;
sat_status sat_detector_create(int backend, const sat_cascade* cascade, int max_width, int max_height,
                               double scale_factor, int min_neighbors, int min_object_width, int min_object_height,
                               int max_object_width, int max_object_height, sat_detector** detector);
void sat_detector_destroy(sat_detector* detector); /* NULL is fine; CUDA: waits for the device */

typedef struct sat_box {
  int x, y, width, height; /* frame pixels (cv::Rect) */
} sat_box;

/* The objects in `image` (1-channel gray, or 3/4-channel BGR[A] converted as cv::cvtColor does):
 * *count = how many were found (all of them); the first min(*count, capacity) are written to
 * `boxes` (NULL allowed when capacity is 0), in a deterministic order. Host memory on the CPU
 * backend; device memory on CUDA, where the work is enqueued on `stream` and waited for (the
 * boxes come back to the host). Both backends give identical boxes. A cascade that accepts more
 * than 200000 windows in the frame (kMaxDetectWindows, before grouping) is SAT_ERROR_UNSUPPORTED. */
sat_status sat_detect(sat_detector* detector, const sat_image8* image, sat_box* boxes, int capacity, int* count,
                      void* stream);
/* The boxes of the last sat_detect again (e.g. all of them, after a call whose capacity was too
 * small), without detecting again; *count as sat_detect gave it (0 before the first call). */
sat_status sat_detector_boxes(const sat_detector* detector, sat_box* boxes, int capacity, int* count);

/* A detection session (sat/detect_session.h): a detector with these parameters sized to the frames
 * it is given, made again (larger) when a larger frame comes, never per frame. Parameters are
 * checked when the first frame makes the detector (sat_detector_create's messages). Frames as
 * sat_detect takes them; the boxes of the last frame again with sat_detect_session_boxes. One
 * session per stream; not thread-safe. */
typedef struct sat_detect_session sat_detect_session;
sat_status sat_detect_session_create(int backend, const sat_cascade* cascade, double scale_factor, int min_neighbors,
                                     int min_object_width, int min_object_height, int max_object_width,
                                     int max_object_height, sat_detect_session** session);
void sat_detect_session_destroy(sat_detect_session* session); /* NULL is fine; CUDA: waits for the device */
sat_status sat_detect_session_detect(sat_detect_session* session, const sat_image8* image, sat_box* boxes, int capacity,
                                     int* count, void* stream);
sat_status sat_detect_session_boxes(const sat_detect_session* session, sat_box* boxes, int capacity, int* count);

/* Stage times of the last sat_detect in ms (CPU: wall clock; CUDA: GPU time), when timing is on
 * (off by default: CUDA events cost a little). */
typedef struct sat_detect_timing {
  double pyramid_ms;  /* gray conversion and the resized frames */
  double tables_ms;   /* their {sum, squared sum} tables */
  double cascade_ms;  /* every window through the cascade */
  double grouping_ms; /* cv::groupRectangles and the clip */
  int scales;         /* scales evaluated */
  long long windows;  /* windows the whole cascade accepted, before grouping */
} sat_detect_timing;
sat_status sat_detector_enable_timing(sat_detector* detector, int on);
sat_status sat_detect_times(const sat_detector* detector, sat_detect_timing* times);

/* The catalog of detectMultiScale's parameters (sat/detect_params.h), for bindings that generate
 * their defaults and checks from it, numbered from 0 in sat::DetectParams's order (scale_factor,
 * min_neighbors, min_size, max_size). A size is width x height, each side in the range, each
 * defaulting to default_value. Strings are static (never freed). */
int sat_detect_param_count(void);
sat_status sat_detect_param_info(int param, sat_param_info* info);
int sat_detect_param_is_size(int param);       /* 1: width x height; 0: a number; -1 when out of range */
const char* sat_detect_param_range(int param); /* the range in words (">= 0"); NULL when out of range */

#ifdef __cplusplus
}
#endif

#endif /* SAT_DETECT_C_H */
