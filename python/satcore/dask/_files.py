"""The command's files: inputs opened without ever waiting on them (a FIFO, a device, a socket is
refused at once, by what it is, before a byte is read), the zarr store an input lies in, and the
error that names a file and the reason."""

import errno
import os
import stat

# Files of a zarr (version 2 or 3) hierarchy's metadata: a folder holding one is part of a store.
_ZARR_METADATA = (".zarray", ".zgroup", ".zattrs", ".zmetadata", "zarr.json")


class InputError(Exception):
    """An input or output that cannot be used: the message names the file and the reason."""


def _kind(mode):
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISREG, "a file")):
        if test(mode):
            return name
    return "not a regular file"


def open_descriptor(path, want):
    """A descriptor of ``path``, which must be a regular file (``want`` "file") or a directory.

    O_NONBLOCK: opening a FIFO does not wait for a writer (nor a device for its carrier); fstat of
    what was opened says what it is, so nothing is read from anything but what ``want`` asks for,
    and a file swapped for a FIFO between a check and the open is still refused.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise
    except OSError as error:
        try:  # a socket cannot be opened (ENXIO): say what it is
            mode = os.stat(path).st_mode
        except OSError:
            mode = None
        if error.errno == errno.ENXIO and mode is not None:
            raise InputError(f"{path}: is {_kind(mode)}, not {_wanted(want)}") from None
        raise InputError(f"{path}: cannot be opened ({error.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISREG(mode) if want == "file" else stat.S_ISDIR(mode)):
            raise InputError(f"{path}: is {_kind(mode)}, not {_wanted(want)}")
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


def _wanted(want):
    return "a regular file" if want == "file" else "a directory (a zarr array)"


def open_regular(path):
    """``path`` opened for binary reading; InputError unless it exists and is a regular file."""
    try:
        return os.fdopen(open_descriptor(path, "file"), "rb")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file or directory") from None


def check_directory(path):
    """InputError unless ``path`` exists and is a directory (what a zarr array on disk is)."""
    try:
        os.close(open_descriptor(path, "directory"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file or directory") from None


def store_root(path, is_zarr):
    """The file or folder that holds the input at ``path``, symlinks and '..' resolved: a TIFF
    itself; for a zarr array the outermost folder above it that belongs to its zarr hierarchy (an
    array inside a group lies in the group's store: replacing the group would delete it)."""
    root = os.path.realpath(path)
    if not is_zarr:
        return root
    folder = os.path.dirname(root)
    while True:
        if any(os.path.lexists(os.path.join(folder, name)) for name in _ZARR_METADATA):
            root = folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return root
        folder = parent


def within(path, folder):
    """Whether ``path`` is ``folder`` or lies inside it (both resolved)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
