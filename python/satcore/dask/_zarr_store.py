"""The zarr store the command reads its zarr inputs through (imported where zarr is needed)."""

import os

import zarr.storage

from ._files import open_descriptor


class ReadingStore(zarr.storage.DirectoryStore):
    """A zarr directory store that reads only regular files: a member that is a FIFO, a device or a
    directory is an InputError naming it, never a wait or a chunk silently taken as missing (zarr's
    own store reads a FIFO as a missing chunk, its fill value). Picklable, as its base class."""

    def __getitem__(self, key):
        path = os.path.join(self.path, self._normalize_key(key))
        try:
            with os.fdopen(open_descriptor(path, "file"), "rb") as member:
                return member.read()
        except FileNotFoundError:
            raise KeyError(key) from None

    def __contains__(self, key):
        # Anything at the key's path is there (zarr's own store sees only regular files): a FIFO
        # in place of '.zarray' is refused by name when read, not taken for a missing array.
        return os.path.lexists(os.path.join(self.path, self._normalize_key(key)))
