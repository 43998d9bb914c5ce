"""satcore's filter catalog as Python values, read once from the C ABI (sat_filter_count,
sat_filter_param_info, sat_filter_sample_types, ...): the filters' names, summaries, parameters and
the dtypes they take. :func:`satcore.filter` checks its keyword arguments against it, and
satcore.dask the dtypes, so a filter added to satcore needs no Python edit."""

import functools
from dataclasses import dataclass
from typing import Tuple, Union

from . import _satcore


@dataclass(frozen=True)
class ParamInfo:
    """One parameter of a filter: a keyword argument of :func:`satcore.filter`.

    ``kind`` is 'int', 'real', 'bool', 'choice' (give one of ``choices`` by name) or 'image' (a
    uint8 array on the input's device, e.g. a radius map). ``range`` says the allowed values in
    words, as error messages say them ("odd, 3..8191").
    """

    name: str
    kind: str
    default: Union[int, float, bool, str, None]
    range: str
    help: str
    min: float
    max: float
    min_open: bool
    max_open: bool
    odd: bool
    choices: Tuple[str, ...]
    step: float

    def __str__(self):
        default = "" if self.kind == "image" else f" = {self.default!r}"
        return f"{self.name} ({self.kind}{default}; {self.range}): {self.help}"


@dataclass(frozen=True)
class FilterInfo:
    """A filter of satcore's catalog: ``satcore.filter(x, name, **params)`` runs it.

    ``gray_output``: the result has one gray channel (colour input is converted to gray first);
    otherwise it has the input's channels. ``samples``: the dtypes of the images it takes, by
    NumPy's names (``("uint8",)``, or ``("uint8", "uint16")`` for the filters that take 16-bit
    images); the result has the input's dtype.
    """

    name: str
    summary: str
    gray_output: bool
    params: Tuple[ParamInfo, ...]
    samples: Tuple[str, ...] = ("uint8",)

    def param(self, name):
        """The parameter called ``name``, or None."""
        return next((p for p in self.params if p.name == name), None)

    def __str__(self):
        lines = [f"{self.name} ({' or '.join(self.samples)}): {self.summary}"]
        lines += [f"  {p}" for p in self.params]
        return "\n".join(lines)


def _default(entry):
    value = entry["default"]
    if entry["kind"] == "int":
        return int(value)
    if entry["kind"] == "bool":
        return bool(value)
    if entry["kind"] == "choice":
        return entry["choices"][int(value)]
    if entry["kind"] == "image":
        return None
    return float(value)


def _param(entry):
    return ParamInfo(name=entry["name"], kind=entry["kind"], default=_default(entry), range=entry["range"],
                     help=entry["help"], min=entry["min"], max=entry["max"], min_open=entry["min_open"],
                     max_open=entry["max_open"], odd=entry["odd"], choices=tuple(entry["choices"]),
                     step=entry["step"])


@functools.lru_cache(maxsize=None)
def _catalog():
    return tuple(
        FilterInfo(name=f["name"], summary=f["summary"], gray_output=f["gray_output"],
                   params=tuple(_param(p) for p in f["params"]),
                   samples=tuple(f["samples"]))
        for f in _satcore.filter_catalog())


def filters():
    """Every filter of satcore's catalog (a list of :class:`FilterInfo`), in the catalog's order."""
    return list(_catalog())


def find(name, function):
    """(catalog index, FilterInfo) of a filter by name or alias; ValueError naming the filters."""
    if not isinstance(name, str):
        raise TypeError(f"{function}(): the filter's name must be a str, not {type(name).__name__}")
    index = _satcore.find_filter(name)
    if index < 0:
        names = ", ".join(f.name for f in _catalog())
        raise ValueError(f"{function}(): unknown filter {name!r} (satcore's filters: {names})")
    return index, _catalog()[index]
