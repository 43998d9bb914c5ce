"""Images out, chunk by chunk: a tiled TIFF or a zarr store. The output is checked before any
work (a known format, its folder there and writable, never the input nor anything of the input's
store), written under a temporary name beside it and renamed when complete: a failed or
interrupted run leaves nothing, and an existing output is replaced only when asked."""

import contextlib
import os
import shutil
import socket

from ._files import InputError, store_root, within
from ._io import is_tiff

_TIFF_TILE = 256  # the output TIFF's tile side (a multiple of 16, as TIFF wants)
_PARTIAL = "partial-"


def check_output(input_path, output_path, overwrite):
    """InputError for an output that cannot be written, or that would write the input."""
    output, source = os.fspath(output_path), os.fspath(input_path)
    store = store_root(source, is_zarr=not is_tiff(source))
    real_source = os.path.realpath(source)
    folder = os.path.dirname(os.path.abspath(output.rstrip("/")))
    if os.path.exists(output) and os.path.exists(source) and os.path.samefile(source, output):  # a hard link
        raise InputError(f"{output}: is the input; the input is never written")
    # Where the output would be written (a symlink at OUT is replaced, not followed) and what OUT
    # names now (an existing symlink's target): neither may be the input or hold it, or lie in its store.
    for target in {os.path.join(os.path.realpath(folder), os.path.basename(output.rstrip("/"))),
                   os.path.realpath(output)}:
        if target == real_source:
            raise InputError(f"{output}: is the input; the input is never written")
        if within(real_source, target):
            raise InputError(f"{output}: contains the input {source}; the input is never written")
        if within(target, store):
            raise InputError(f"{output}: lies inside the input's zarr store {store}; the input is never written")
    if not is_tiff(output) and not output.rstrip("/").endswith(".zarr"):
        raise InputError(f"{output}: unknown output format (give a .tif, .tiff or .zarr path)")
    if os.path.lexists(output) and not overwrite:
        raise InputError(f"{output}: exists; pass --overwrite to replace it")
    if not os.path.isdir(folder):
        raise InputError(f"{output}: its folder {folder} does not exist" if not os.path.lexists(folder)
                         else f"{output}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{output}: cannot write in {folder} (permission denied)")


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        os.unlink(path)


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _remove_stale(directory, name, host):
    """Temporaries of earlier runs on this host whose process is gone (killed with SIGKILL, or the
    machine lost power): never another host's (a shared folder), never a living process's."""
    prefix = f".{name}.{_PARTIAL}{host}-"
    with contextlib.suppress(OSError):
        for entry in os.listdir(directory):
            pid = entry[len(prefix):]
            if entry.startswith(prefix) and pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                _remove(os.path.join(directory, entry))


@contextlib.contextmanager
def published(path, before_rename=None):
    """A temporary name beside ``path``; renamed to it when the body succeeds, removed when it
    fails or is interrupted. ``before_rename()`` is called once the body is done: from there on
    the output is complete (the caller stops taking interruptions)."""
    path = os.fspath(path).rstrip("/")
    directory, name = os.path.split(os.path.abspath(path))
    host = socket.gethostname().replace(os.sep, "_")
    _remove_stale(directory, name, host)
    temporary = os.path.join(directory, f".{name}.{_PARTIAL}{host}-{os.getpid()}")
    _remove(temporary)
    try:
        yield temporary
        if before_rename is not None:
            before_rename()
        if os.path.isdir(temporary) and os.path.lexists(path):  # a directory cannot replace another in one step
            old = os.path.join(directory, f".{name}.old-{os.getpid()}")
            os.rename(path, old)
            try:
                os.rename(temporary, path)
            except BaseException:
                os.rename(old, path)
                raise
            _remove(old)
        else:
            os.replace(temporary, path)
    except BaseException:
        _remove(temporary)
        raise


def write_image(array, path, compute, tiff):
    """Writes a 2-D (or (H, W, C)) dask array to ``path`` by chunks, a TIFF when ``tiff`` (else zarr).

    ``compute(collection)`` runs the graph (the caller's scheduler and progress bar); a TIFF is
    computed a band of rows at a time, its tiles written in order.
    """
    if tiff:
        _write_tiff(array, path, compute)
    else:
        regular = array.rechunk(tuple(max(c) for c in array.chunks))  # zarr needs regular chunks
        compute(regular.to_zarr(path, compute=False))


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
