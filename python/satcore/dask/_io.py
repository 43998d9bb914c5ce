"""Images in, chunk by chunk: a TIFF (tifffile; tiled or stripped, read through its zarr view) or a
zarr array, never whole in one process's memory. Every file is opened without waiting on it and
refused unless it is what it should be (_files.py); a TIFF whose tiles or strips lie past its end is
refused before any work, and a chunk that cannot be decoded is an InputError naming the file."""

import os
import threading

import dask.array as da
import numpy as np

from ._files import InputError, check_directory, open_regular

TIFF_SUFFIXES = (".tif", ".tiff")


def is_tiff(path):
    return os.fspath(path).lower().endswith(TIFF_SUFFIXES)


class TiffRegions:
    """Regions of a TIFF's first image, read on demand through tifffile's zarr view of it.

    Picklable (each process opens the file itself), so every dask scheduler can read it; reads
    in one process take turns on the file.
    """

    def __init__(self, path):
        self.path = os.fspath(path)
        with open_regular(self.path) as file:
            tif = self._parse(file)
            try:
                series = tif.series[0]
                self.shape, self.dtype = tuple(series.shape), series.dtype
                _check_extent(self.path, series, os.fstat(file.fileno()).st_size)
            finally:
                tif.close()
        self.ndim = len(self.shape)
        self._lock = threading.Lock()
        self._array = None

    def __getstate__(self):
        return {"path": self.path, "shape": self.shape, "dtype": self.dtype, "ndim": self.ndim}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self._array = None

    def _parse(self, file):
        import tifffile

        try:
            return tifffile.TiffFile(file, name=os.path.basename(self.path))
        except Exception as error:
            raise InputError(f"{self.path}: cannot be read as an image ({type(error).__name__}: {error})") from None

    def __getitem__(self, key):
        with self._lock:
            if self._array is None:
                import zarr

                self._tif = self._parse(open_regular(self.path))  # kept open: the store reads through it
                self._array = zarr.open(self._tif.aszarr(series=0, level=0), mode="r")
            try:
                return self._array[key]
            except Exception as error:  # a tile that cannot be decoded (a corrupt or cut file)
                raise InputError(f"{self.path}: cannot be read ({type(error).__name__}: {error})") from None


def _check_extent(path, series, size):
    """InputError when a tile or strip of the image lies past the end of the file (a cut file)."""
    for page in series.pages:
        if page is None:
            continue
        offsets = np.asarray(page.dataoffsets, dtype=np.uint64)
        counts = np.asarray(page.databytecounts, dtype=np.uint64)
        if offsets.size and int((offsets + counts).max()) > size:
            end = int((offsets + counts).max())
            raise InputError(f"{path}: truncated (its image data runs to byte {end}; the file has {size} bytes)")


def open_image(path, chunk):
    """The image at ``path`` (a .tif/.tiff file or a zarr array) as a dask array of chunk × chunk
    tiles, its samples in this machine's byte order."""
    path = os.fspath(path)
    if is_tiff(path):
        source = TiffRegions(path)
        return _native(da.from_array(source, chunks=_chunks(source.shape, chunk), asarray=False, lock=False,
                                     meta=np.empty((0,) * source.ndim, dtype=source.dtype)))
    import zarr

    from ._zarr_store import ReadingStore

    check_directory(path)
    try:
        store = zarr.open(ReadingStore(path), mode="r")
    except InputError:
        raise
    except Exception as error:  # zarr's own errors: say which file
        raise InputError(f"{path}: cannot be read as a zarr array ({type(error).__name__}: {error})") from None
    if not hasattr(store, "shape"):
        raise InputError(f"{path}: a zarr group, not an array; give the array's path")
    return _native(da.from_zarr(store, chunks=_chunks(store.shape, chunk)))


def _native(image):
    """``image`` with its values in this machine's byte order, chunk by chunk: satcore reads native
    samples, and a big-endian array's bytes read as such would be other values. A zarr array keeps
    the byte order it was stored in ('>u2'); tifffile gives a big-endian TIFF's ('MM') samples in
    this machine's order already."""
    if image.dtype.byteorder in ("=", "|"):
        return image
    return image.astype(image.dtype.newbyteorder("="))


def _chunks(shape, chunk):
    """chunk × chunk over the image axes (the first two); any sample axis whole."""
    return tuple(chunk if axis < 2 else n for axis, n in enumerate(shape))
