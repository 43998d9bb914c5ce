"""The command ``python3 -m satcore.dask IN OUT --filter NAME [--param k=v ...] [--device cuda]``:
one catalog filter over a large image, chunk by chunk, on the CPU or the GPU, with dask's
progress bar. uint8 images, or uint16 for the filters whose catalog entry takes them
(big-endian files read as their values); the result has the image's dtype. Exit status 0 when
OUT was written; 2 for a bad command line, input or output path, found before any work, or an
input found unreadable while it is read (nothing is written); 1 when the run failed (nothing is
left at OUT); 128 + N when signal N (SIGINT, SIGTERM, SIGHUP) ended it (nothing is left at OUT)."""

import argparse
import contextlib
import errno
import logging
import os
import sys

from satcore._catalog import filters, find

from . import _signals
from ._files import InputError
from ._filter import filter as dask_filter
from ._io import is_tiff, open_image
from ._outputs import check_output, published, write_image
from ._transfer import to_device, to_host

_SCHEDULERS = ("threads", "processes", "distributed")


def _parser():
    names = ", ".join(f.name + (" (uint16 too)" if "uint16" in f.samples else "") for f in filters())
    parser = argparse.ArgumentParser(
        prog="python3 -m satcore.dask",
        description="Runs one of satcore's filters over a large image (TIFF or zarr) chunk by chunk with dask; "
                    "the result is the whole image's, byte for byte.",
        epilog=f"Filters: {names}. Parameters: python3 -c 'import satcore; print(*satcore.filters(), sep=\"\\n\")'")
    parser.add_argument("input", help="the image: a .tif/.tiff file or a zarr array (one channel; uint8, or uint16 "
                                      "for the filters that take it)")
    parser.add_argument("output", help="the result: a .tif/.tiff file or a .zarr store of the input's dtype "
                                       "(written whole or not at all)")
    parser.add_argument("--filter", required=True, help="the filter's name")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a parameter of the filter (repeat for several)")
    parser.add_argument("--chunk", type=_positive, default=4096, help="chunk side in pixels (default 4096)")
    parser.add_argument("--scheduler", choices=_SCHEDULERS, default="threads", help="dask's scheduler (default threads)")
    parser.add_argument("--workers", type=_positive, default=None,
                        help="threads or processes of the scheduler (default: one per CPU)")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                        help="where the filter runs: satcore's CPU backend, or the GPU (each chunk copied there and "
                             "back; needs CuPy)")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing output")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def _positive(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer >= 1, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1 (got {value})")
    return value


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
    """A function that computes a dask collection on the chosen scheduler, showing progress. On
    the way out, even interrupted, every worker has stopped: none writes into the output after
    it was removed (dask, interrupted, leaves the tasks it had handed out running)."""
    if scheduler == "distributed":
        yield from _distributed_runner(workers, quiet)
        return
    import dask
    from dask.diagnostics import ProgressBar

    pool = _thread_pool(workers) if scheduler == "threads" else _process_pool(workers)
    try:
        def compute(collection):
            with ProgressBar(out=sys.stderr) if not quiet else contextlib.nullcontext():
                return dask.compute(collection, scheduler=scheduler, pool=pool)[0]

        yield compute
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # the running tasks (a chunk a worker) finish


def _thread_pool(workers):
    from concurrent.futures import ThreadPoolExecutor

    from dask.system import CPU_COUNT

    return ThreadPoolExecutor(workers or CPU_COUNT)


def _process_pool(workers):
    """dask's process pool, its processes started at once ignoring SIGINT (see _signals)."""
    from concurrent.futures import ProcessPoolExecutor

    import dask.multiprocessing
    from dask.system import CPU_COUNT

    count = workers or CPU_COUNT
    pool = ProcessPoolExecutor(count, mp_context=dask.multiprocessing.get_context(), initializer=_process_start)
    with _signals.sigint_ignored_by_children():
        started = [pool.submit(int) for _ in range(count)]  # each call without an idle process starts one
    for call in started:
        call.result()
    return pool


def _process_start():
    import dask.multiprocessing

    dask.multiprocessing.initialize_worker_process(_signals.ignore_sigint)


def _distributed_runner(workers, quiet):
    from distributed import Client, LocalCluster, progress

    with _signals.sigint_ignored_by_children():
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
    with cluster, Client(cluster) as client:
        client.register_worker_plugin(_signals.WorkersIgnoreSigint())

        def compute(collection):
            future = client.compute(collection, retries=2)  # a worker lost mid-run: its tasks rerun
            if not quiet:
                progress(future)
            return future.result()

        try:
            yield compute
        except KeyboardInterrupt:  # closing the cluster, distributed logs the workers it had to end
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            raise


def _not_written(error):
    """Why a write failed, after "OUT: not written": the errno of the first OSError in the chain
    (zarr reports a full disk as KeyError('.zarray'), raised while handling it), a full disk said so."""
    seen = set()
    cause = error
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, OSError) and cause.errno:
            text = f"{errno.errorcode.get(cause.errno, cause.errno)}: {os.strerror(cause.errno)}"
            if cause.errno in (errno.ENOSPC, errno.EDQUOT):
                return f": the disk is full ({text})"
            return f" ({text})"
        cause = cause.__cause__ or cause.__context__
    return f" ({error or type(error).__name__})"


def _prepare(args):
    """The filtered image (lazy), after every check of the command line, the input and the output."""
    params = _params(args.filter, args.param)
    check_output(args.input, args.output, args.overwrite)
    image = open_image(args.input, args.chunk)
    if image.ndim != 2:
        raise InputError(f"{args.input}: the command takes one-channel images (..., H, W); this one has "
                         f"shape {image.shape} (use satcore.dask.filter for colour)")
    _, info = find(args.filter, "dask.filter")
    if str(image.dtype) not in info.samples:  # the catalog says which dtypes the filter takes
        raise InputError(f"{args.input}: dtype {image.dtype} is not supported by {info.name} "
                         f"(it takes {' or '.join(info.samples)} images)")
    if args.device == "cuda":
        return to_host(dask_filter(to_device(image), args.filter, **params))
    return dask_filter(image, args.filter, **params)


def main(argv=None):
    parser = _parser()
    args = parser.parse_args(argv)
    with _signals.interruptible():
        try:
            try:
                result = _prepare(args)
            except (InputError, ValueError, TypeError, ImportError) as error:
                print(f"{parser.prog}: error: {error}", file=sys.stderr)
                return 2
            with published(args.output, before_rename=_signals.ignore) as temporary, \
                    _runner(args.scheduler, args.workers, args.quiet) as compute:
                write_image(result, temporary, compute, tiff=is_tiff(args.output))
        except KeyboardInterrupt as interruption:
            print(f"{parser.prog}: interrupted ({_signals.name(interruption)}); {args.output} was not written",
                  file=sys.stderr)
            return _signals.exit_status(interruption)
        except InputError as error:  # the input, found unreadable while it was read
            print(f"{parser.prog}: error: {error}; {args.output} was not written", file=sys.stderr)
            return 2
        except Exception as error:  # disk full, a chunk that failed: the output was removed
            print(f"{parser.prog}: error: {args.output}: not written{_not_written(error)}", file=sys.stderr)
            return 1
    return 0
