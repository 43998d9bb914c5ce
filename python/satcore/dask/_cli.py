"""The command ``python3 -m satcore.dask IN OUT --filter NAME [--param k=v ...] [--device cuda]``:
one catalog filter over a large image, chunk by chunk, on the CPU or the GPU, with dask's
progress bar. Exit status 0 when OUT was
written; 2 for a bad command line, input or output path (nothing is written); 1 when the run
failed (nothing is left at OUT)."""

import argparse
import contextlib
import os
import sys

from satcore._catalog import filters, find

from ._filter import filter as dask_filter
from ._io import InputError, check_output, open_image, write_image
from ._transfer import to_device, to_host

_SCHEDULERS = ("threads", "processes", "distributed")


def _parser():
    names = ", ".join(f.name for f in filters())
    parser = argparse.ArgumentParser(
        prog="python3 -m satcore.dask",
        description="Runs one of satcore's filters over a large image (TIFF or zarr) chunk by chunk with dask; "
                    "the result is the whole image's, byte for byte.",
        epilog=f"Filters: {names}. Parameters: python3 -c 'import satcore; print(*satcore.filters(), sep=\"\\n\")'")
    parser.add_argument("input", help="the image: a .tif/.tiff file or a zarr array (uint8, one channel)")
    parser.add_argument("output", help="the result: a .tif/.tiff file or a .zarr store (written whole or not at all)")
    parser.add_argument("--filter", required=True, help="the filter's name")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a parameter of the filter (repeat for several)")
    parser.add_argument("--chunk", type=int, default=4096, help="chunk side in pixels (default 4096)")
    parser.add_argument("--scheduler", choices=_SCHEDULERS, default="threads", help="dask's scheduler (default threads)")
    parser.add_argument("--workers", type=int, default=None, help="workers of the processes/distributed scheduler")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                        help="where the filter runs: satcore's CPU backend, or the GPU (each chunk copied there and "
                             "back; needs CuPy)")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing output")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _value(param, text):
    if param.kind == "int":
        return int(text)
    if param.kind == "real":
        return float(text)
    if param.kind == "bool":
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"{param.name} must be true or false, not {text!r}")
    if param.kind == "choice":
        return text
    raise ValueError(f"{param.name} is an image parameter: use the Python API (satcore.dask.filter)")


def _params(name, pairs):
    _, info = find(name, "dask.filter")
    params = {}
    for pair in pairs:
        key, separator, text = pair.partition("=")
        param = info.param(key)
        if not separator or param is None:
            known = ", ".join(p.name for p in info.params)
            raise ValueError(f"--param {pair!r}: give NAME=VALUE with NAME one of {info.name}'s parameters ({known})")
        try:
            params[key] = _value(param, text)
        except ValueError as error:
            raise ValueError(f"--param {pair!r}: {error}") from None
    return params


@contextlib.contextmanager
def _runner(scheduler, workers, quiet):
    """A function that computes a dask collection on the chosen scheduler, showing progress."""
    import dask

    if scheduler == "distributed":
        from distributed import Client, LocalCluster, progress

        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            def compute(collection):
                future = client.compute(collection, retries=2)  # a worker lost mid-run: its tasks rerun
                if not quiet:
                    progress(future)
                return future.result()

            yield compute
        return
    from dask.diagnostics import ProgressBar

    def compute(collection):
        with ProgressBar(out=sys.stderr) if not quiet else contextlib.nullcontext():
            return dask.compute(collection, scheduler=scheduler, num_workers=workers)[0]

    yield compute


def main(argv=None):
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.chunk < 1:
            raise ValueError(f"--chunk must be >= 1 (got {args.chunk})")
        params = _params(args.filter, args.param)
        check_output(args.input, args.output, args.overwrite)
        image = open_image(args.input, args.chunk)
        if image.ndim != 2:
            raise InputError(f"{args.input}: the command takes one-channel images (..., H, W); this one has "
                             f"shape {image.shape} (use satcore.dask.filter for colour)")
        if str(image.dtype) != "uint8":
            raise InputError(f"{args.input}: dtype {image.dtype} is not supported (uint8 images)")
        if args.device == "cuda":
            result = to_host(dask_filter(to_device(image), args.filter, **params))
        else:
            result = dask_filter(image, args.filter, **params)
    except (InputError, ValueError, TypeError, ImportError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 2
    try:
        with _runner(args.scheduler, args.workers, args.quiet) as compute:
            write_image(result, args.output, compute)
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted; {args.output} was not written", file=sys.stderr)
        return 130
    except Exception as error:  # disk full, a chunk that failed: the output was removed
        reason = os.strerror(error.errno) if isinstance(error, OSError) and error.errno else str(error)
        print(f"{parser.prog}: error: {args.output}: not written ({reason})", file=sys.stderr)
        return 1
    return 0
