"""Viola–Jones detection with OpenCV's Haar cascades: :func:`detect` gives the boxes
``cv2.CascadeClassifier(path).detectMultiScale`` gives, on the GPU for CUDA arrays and on
satcore's CPU backend for host arrays."""

import collections
import hashlib
import os
import stat
import threading

from . import _satcore
from ._arrays import _Input
from ._filters import _number

Cascade = _satcore.Cascade

# Cascades loaded by path, the few used last (each keeps its own detectors, a few as well): keyed
# on the path and the file's content, so a file rewritten since — even with the same size and
# mtime — is loaded again, and a deleted or forgotten one is let go.
_KEPT_CASCADES = 4
_CACHEABLE_BYTES = 64 << 20  # larger (or not a regular file): loaded for the call, not kept
_loaded = collections.OrderedDict()  # (absolute path, content digest) -> Cascade, least recent first
_loaded_lock = threading.Lock()

# detect()'s parameters as satcore's catalog describes them (name -> range, default, ...): the
# defaults of detect()'s signature and the ranges of its integer checks.
_PARAMS = {p["name"]: p for p in _satcore.detect_param_catalog()}


def _default(name):
    p = _PARAMS[name]
    value = int(p["default"]) if p["kind"] == "int" else p["default"]
    return (value, value) if p["size"] else value


class _Param:
    """A parameter as filter()'s argument check sees one: its name and kind."""

    def __init__(self, name, kind):
        self.name, self.kind = name, kind


def _content_key(path):
    """(absolute path, digest of the content), or None when the file is not worth keeping."""
    try:
        # O_NONBLOCK: a FIFO opens at once, writer or not, and fstat then says what it is (a plain
        # open() waited forever for a writer); satcore's loader refuses it by name.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        with open(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > _CACHEABLE_BYTES:
                return None
            content = f.read(_CACHEABLE_BYTES + 1)
    except OSError:
        return None  # Cascade() refuses it with the file's name and the reason
    if len(content) > _CACHEABLE_BYTES:
        return None
    return os.path.abspath(path), hashlib.blake2b(content, digest_size=16).digest()


def _cascade(cascade):
    if isinstance(cascade, Cascade):
        return cascade
    if not isinstance(cascade, (str, os.PathLike)):
        raise TypeError(f"detect(): cascade must be a path or a satcore.Cascade, not {type(cascade).__name__}")
    path = os.fspath(cascade)
    key = _content_key(path)
    if key is None:
        return Cascade(path, "detect")
    with _loaded_lock:
        kept = _loaded.get(key)
        if kept is not None:
            _loaded.move_to_end(key)
            return kept
    loaded = Cascade(path, "detect")
    with _loaded_lock:
        _loaded[key] = loaded
        _loaded.move_to_end(key)
        while len(_loaded) > _KEPT_CASCADES:
            _loaded.popitem(last=False)
    return loaded


def _integer(name, value, param=None):
    """An int parameter checked as filter() checks one (no str, no 1.5), within the catalog's range
    (`param`: the catalog's name when `name` is one side of a size)."""
    number = int(_number("detect", _Param(name, "int"), value))
    p = _PARAMS[param or name]
    low, high = int(p["min"]), int(p["max"])
    if not low <= number <= high:
        raise ValueError(f"detect(): {name} must be in [{low}, {high}] (got {value!r})")
    return number


def _real(name, value):
    try:
        return _number("detect", _Param(name, "real"), value)
    except OverflowError:
        raise ValueError(f"detect(): {name} must be a finite real, not {value!r}") from None


def _size(value, name):
    if isinstance(value, (str, bytes)):
        raise TypeError(f"detect(): {name} must be (width, height) or an int, not {value!r}")
    try:
        width, height = value
    except (TypeError, ValueError):
        width = height = value  # an int means square; anything else is refused by _integer
        try:
            _number("detect", _Param(name, "int"), value)
        except TypeError:
            raise TypeError(f"detect(): {name} must be (width, height) or an int, not {value!r}") from None
    return _integer(f"{name}[0]", width, name), _integer(f"{name}[1]", height, name)


def detect(x, cascade, scale_factor=_default("scale_factor"), min_neighbors=_default("min_neighbors"),
           min_size=_default("min_size"), max_size=_default("max_size"), *, stream=None):
    """The objects a Haar cascade finds in one uint8 image: an (N, 4) int32 NumPy array of x, y, w, h.

    The answers of OpenCV 4.6's ``cv2.CascadeClassifier(cascade).detectMultiScale(x, scale_factor,
    min_neighbors, minSize=min_size, maxSize=max_size)`` (compare as sets: the order is satcore's).
    ``x`` is (H, W) gray or (H, W, 3|4) BGR/BGRA (converted as ``cv2.cvtColor`` does), a host array
    (CPU backend) or a CUDA array (GPU, on ``stream`` or the array's current stream; the boxes come
    back to the host). ``cascade`` is a path to an OpenCV XML cascade or a :class:`satcore.Cascade`
    (faster in a loop: a path's file is read each call to find the cascade loaded for that content;
    the last 4 are kept, so a file rewritten since is loaded again). A Cascade keeps a detector for
    each of the last 4 parameter sets (and device, stream) it was called with. Sizes are (width,
    height) in pixels; (0, 0) means no minimum / the image's size. ``min_neighbors=0`` returns
    every accepted window, ungrouped. Integers are ints (not 1.5 or "3") in [0, 2³¹ − 1].
    ``scale_factor`` must give at most 1000 scales (any factor ≥ 1.01 does); a cascade that
    accepts more than 200 000 windows in the image is refused (ValueError).

        >>> faces = satcore.detect(gray, "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml")
    """
    factor = _real("scale_factor", scale_factor)
    neighbors = _integer("min_neighbors", min_neighbors)
    min_width, min_height = _size(min_size, "min_size")
    max_width, max_height = _size(max_size, "max_size")
    loaded = _cascade(cascade)
    src = _Input(x, stream)
    return _satcore.detect(src.tensor, loaded, factor, neighbors, min_width, min_height, max_width, max_height,
                           src.stream)
