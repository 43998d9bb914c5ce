"""Images in and out chunk by chunk: a TIFF (tifffile; tiled or stripped, read through its zarr
view) or a zarr store, never whole in one process's memory. Outputs are written under a
temporary name beside the output and renamed when complete: a failed write (a full disk, an
error in a chunk) leaves nothing, an existing output is replaced only when asked, and the input
is never written."""

import contextlib
import os
import shutil
import threading

import dask.array as da

TIFF_SUFFIXES = (".tif", ".tiff")
_TIFF_TILE = 256  # the output TIFF's tile side (a multiple of 16, as TIFF wants)


class InputError(Exception):
    """An input or output that cannot be used: the message names the file and the reason."""


def is_tiff(path):
    return os.fspath(path).lower().endswith(TIFF_SUFFIXES)


class TiffRegions:
    """Regions of a TIFF's first image, read on demand through tifffile's zarr view of it.

    Picklable (each process opens the file itself), so every dask scheduler can read it; reads
    in one process take turns on the file.
    """

    def __init__(self, path):
        import tifffile

        self.path = os.fspath(path)
        with tifffile.TiffFile(self.path) as tif:
            series = tif.series[0]
            self.shape, self.dtype = tuple(series.shape), series.dtype
        self.ndim = len(self.shape)
        self._lock = threading.Lock()
        self._array = None

    def __getstate__(self):
        return {"path": self.path, "shape": self.shape, "dtype": self.dtype, "ndim": self.ndim}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self._array = None

    def __getitem__(self, key):
        with self._lock:
            if self._array is None:
                import tifffile
                import zarr

                store = tifffile.imread(self.path, aszarr=True, series=0, level=0)
                self._array = zarr.open(store, mode="r")
            return self._array[key]


def open_image(path, chunk):
    """The image at ``path`` (a .tif/.tiff file or a zarr store) as a dask array of chunk × chunk tiles."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise InputError(f"{path}: no such file or directory")
    try:
        if is_tiff(path):
            source = TiffRegions(path)
            array = da.from_array(source, chunks=_chunks(source.shape, chunk), asarray=False, lock=False,
                                  meta=_empty_numpy(source.dtype, source.ndim))
        else:
            import zarr

            store = zarr.open(path, mode="r")
            if not hasattr(store, "shape"):
                raise InputError(f"{path}: a zarr group, not an array; give the array's path")
            array = da.from_zarr(path, chunks=_chunks(store.shape, chunk))
    except InputError:
        raise
    except Exception as error:  # tifffile's and zarr's own errors: say which file
        raise InputError(f"{path}: cannot be read as an image ({type(error).__name__}: {error})") from None
    return array


def _empty_numpy(dtype, ndim):
    import numpy as np

    return np.empty((0,) * ndim, dtype=dtype)


def _chunks(shape, chunk):
    """chunk × chunk over the image axes (the first two); any sample axis whole."""
    return tuple(chunk if axis < 2 else n for axis, n in enumerate(shape))


def check_output(input_path, output_path, overwrite):
    """Refuses an output that is the input, or that exists without ``overwrite``."""
    if os.path.exists(output_path):
        if os.path.samefile(input_path, output_path):
            raise InputError(f"{output_path}: is the input; the input is never written")
        if not overwrite:
            raise InputError(f"{output_path}: exists; pass --overwrite to replace it")
    if not is_tiff(output_path) and not os.fspath(output_path).rstrip("/").endswith(".zarr"):
        raise InputError(f"{output_path}: unknown output format (give a .tif, .tiff or .zarr path)")


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        os.unlink(path)


@contextlib.contextmanager
def _published(path):
    """A temporary name beside ``path``; renamed to it when the body succeeds, removed when it fails."""
    path = os.fspath(path).rstrip("/")
    directory, name = os.path.split(os.path.abspath(path))
    temporary = os.path.join(directory, f".{name}.partial-{os.getpid()}")
    _remove(temporary)
    try:
        yield temporary
        if os.path.isdir(temporary) and os.path.exists(path):  # a directory cannot replace another in one step
            old = os.path.join(directory, f".{name}.old-{os.getpid()}")
            os.rename(path, old)
            os.rename(temporary, path)
            _remove(old)
        else:
            os.replace(temporary, path)
    except BaseException:
        _remove(temporary)
        raise


def write_image(array, path, compute):
    """Writes a 2-D (or (H, W, C)) dask array to ``path`` (.zarr or .tif/.tiff) by chunks.

    ``compute(collection)`` runs the graph (the caller's scheduler and progress bar); a TIFF is
    computed a band of rows at a time, its tiles written in order.
    """
    with _published(path) as temporary:
        if is_tiff(path):
            _write_tiff(array, temporary, compute)
        else:
            regular = array.rechunk(tuple(max(c) for c in array.chunks))  # zarr needs regular chunks
            compute(regular.to_zarr(temporary, compute=False))


def _write_tiff(array, path, compute):
    import tifffile

    tile = _TIFF_TILE
    band_rows = max(tile, (max(array.chunks[0]) + tile - 1) // tile * tile)

    def tiles():
        for top in range(0, array.shape[0], band_rows):
            band = compute(array[top:top + band_rows])
            for row in range(0, band.shape[0], tile):
                for column in range(0, band.shape[1], tile):
                    yield band[row:row + tile, column:column + tile]

    big = array.nbytes >= 2**31
    tifffile.imwrite(path, data=tiles(), shape=array.shape, dtype=array.dtype, tile=(tile, tile), bigtiff=big,
                     photometric="minisblack" if array.ndim == 2 else "rgb")

