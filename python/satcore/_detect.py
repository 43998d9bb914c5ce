"""Viola–Jones detection with OpenCV's Haar cascades: :func:`detect` gives the boxes
``cv2.CascadeClassifier(path).detectMultiScale`` gives, on the GPU for CUDA arrays and on
satcore's CPU backend for host arrays."""

import os
import threading

from . import _satcore
from ._arrays import _Input

Cascade = _satcore.Cascade

# Cascades loaded by path, each kept with the (mtime, size) of its file: a file rewritten since is
# loaded again. A Cascade also keeps the detectors made for it.
_loaded = {}
_loaded_lock = threading.Lock()


def _cascade(cascade):
    if isinstance(cascade, Cascade):
        return cascade
    if not isinstance(cascade, (str, os.PathLike)):
        raise TypeError(f"detect(): cascade must be a path or a satcore.Cascade, not {type(cascade).__name__}")
    path = os.fspath(cascade)
    try:
        stat = os.stat(path)
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        return Cascade(path, "detect")  # refused with the file's name and the reason
    key = os.path.abspath(path)
    with _loaded_lock:
        kept = _loaded.get(key)
        if kept is not None and kept[0] == stamp:
            return kept[1]
    loaded = Cascade(path, "detect")
    with _loaded_lock:
        _loaded[key] = (stamp, loaded)
    return loaded


def _size(value, name):
    if isinstance(value, int):
        return value, value
    try:
        width, height = value
        return int(width), int(height)
    except (TypeError, ValueError):
        raise TypeError(f"detect(): {name} must be (width, height) or an int, not {value!r}") from None


def detect(x, cascade, scale_factor=1.1, min_neighbors=3, min_size=(0, 0), max_size=(0, 0), *, stream=None):
    """The objects a Haar cascade finds in one uint8 image: an (N, 4) int32 NumPy array of x, y, w, h.

    The answers of OpenCV 4.6's ``cv2.CascadeClassifier(cascade).detectMultiScale(x, scale_factor,
    min_neighbors, minSize=min_size, maxSize=max_size)`` (compare as sets: the order is satcore's).
    ``x`` is (H, W) gray or (H, W, 3|4) BGR/BGRA (converted as ``cv2.cvtColor`` does), a host array
    (CPU backend) or a CUDA array (GPU, on ``stream`` or the array's current stream; the boxes come
    back to the host). ``cascade`` is a path to an OpenCV XML cascade (loaded once and kept) or a
    :class:`satcore.Cascade`. Sizes are (width, height) in pixels; (0, 0) means no minimum / the
    image's size. ``min_neighbors=0`` returns every accepted window, ungrouped.

        >>> faces = satcore.detect(gray, "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml")
    """
    loaded = _cascade(cascade)
    min_width, min_height = _size(min_size, "min_size")
    max_width, max_height = _size(max_size, "max_size")
    src = _Input(x, stream)
    return _satcore.detect(src.tensor, loaded, float(scale_factor), int(min_neighbors), min_width, min_height,
                           max_width, max_height, src.stream)
