"""How the command ends when it is told to: SIGINT, SIGTERM and SIGHUP raise Interrupted in the
main thread (a KeyboardInterrupt, so that dask and distributed unwind as they do for Ctrl-C), the
workers stop, the partial output is removed, and the exit status is 128 + the signal's number.
A signal the caller ignores (nohup's SIGHUP, SIGINT of a background job) stays ignored."""

import contextlib
import signal

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(KeyboardInterrupt):
    def __init__(self, signum):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _raise(signum, frame):
    # One signal ends the run; the ones after it would cut the cleanup short (the running chunks
    # finishing, the partial output being removed), which takes as long as a chunk.
    ignore()
    raise Interrupted(signum)


def ignore():
    """From here on the signals the run handles are ignored (its output is complete, or it is cleaning up)."""
    for signum in SIGNALS:
        if signal.getsignal(signum) is _raise:
            signal.signal(signum, signal.SIG_IGN)


@contextlib.contextmanager
def interruptible():
    """Within: SIGINT, SIGTERM and SIGHUP raise Interrupted (each only where it is not ignored)."""
    previous = {}
    for signum in SIGNALS:
        handler = signal.getsignal(signum)
        if handler is not signal.SIG_IGN:
            previous[signum] = handler
            signal.signal(signum, _raise)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _signum(interruption):
    return getattr(interruption, "signum", signal.SIGINT)  # a KeyboardInterrupt of Python's own: SIGINT


def name(interruption):
    return signal.Signals(_signum(interruption)).name


def exit_status(interruption):
    """128 + the signal's number: a shell's status for a command ended by that signal."""
    return 128 + _signum(interruption)


def ignore_sigint():
    """In a worker process: Ctrl-C, which a terminal sends to every process of its group, is the
    main process's to handle (it stops the workers); a worker that took it too would print its
    own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class WorkersIgnoreSigint:
    """A distributed worker plugin: a worker started after the cluster (one replacing a lost
    worker) ignores SIGINT as well."""

    name = "satcore-ignore-sigint"

    def setup(self, worker):
        ignore_sigint()


@contextlib.contextmanager
def sigint_ignored_by_children():
    """Within: SIGINT ignored here and so in every process started meanwhile, for its whole life
    (an ignored signal stays ignored across exec, and Python leaves it so), from its first
    instruction on. A Ctrl-C within is lost: keep it to starting the workers."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
