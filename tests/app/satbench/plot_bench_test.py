"""scripts/plot_bench.py on small satbench JSON reports, checked through matplotlib's objects (Agg):
the title names the GPU, or for a run without one the host and the reason (never an empty name),
it sits above every panel, and every panel has labelled y ticks, also a batch panel whose times
lie within one decade; a run without a GPU is plotted from what it measured (also satbench's own
JSON, when ctest names the program in SATBENCH_EXE), the rest counted by status."""
import json
import os
import subprocess
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

SCRIPTS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts")
sys.path.insert(0, os.path.abspath(SCRIPTS))
import plot_bench  # noqa: E402


def record(suite, type_, width, height, method, median_ms, kind="algorithm", tile=0, planes=1, status="ok"):
    return {"suite": suite, "type": type_, "width": width, "height": height, "planes": planes, "method": method,
            "kind": kind, "tile": tile, "status": status, "median_ms": median_ms if status == "ok" else None}


def gpu_report():
    results = []
    for n, copy_ms in ((256, 0.004), (1024, 0.03), (4096, 0.45)):
        results.append(record("square", "f32->f32", n, n, "copy", copy_ms, kind="copy"))
        results.append(record("square", "f32->f32", n, n, "1r1w-skss-lb", copy_ms * 1.2, tile=64))
        results.append(record("square", "f32->f32", n, n, "cpu_parallel", copy_ms * 300, kind="peer"))
    for type_ in ("u8->u32", "u8x4->u32x4"):  # two rows of panels, as a full run has
        for w, h, copy_ms in ((640, 480, 0.008), (1920, 1080, 0.014), (7680, 4320, 0.06)):
            results.append(record("frames", type_, w, h, "copy", copy_ms, kind="copy"))
            results.append(record("frames", type_, w, h, "1r1w-skss-lb", copy_ms * 1.5, tile=64))
    # Batches: every time within one decade (a plot whose y axis could be left without a tick label).
    for planes, w, h, base in ((64, 256, 256, 0.31), (16, 1920, 1080, 0.44)):
        results.append(record("batches", "u8->u32", w, h, "copy", base, kind="copy", planes=planes))
        results.append(record("batches", "u8->u32", w, h, "1r1w-skss-lb", base * 1.3, tile=64, planes=planes))
        results.append(record("batches", "u8->u32", w, h, "2r1w", base * 1.6, tile=32, planes=planes))
    return {"satbench": 1, "device": {"name": "NVIDIA H100 80GB HBM3", "runtime_version": "13.0"},
            "no_gpu_reason": None, "host": {"name": "gpu-host"}, "date": "2026-11-25T10:00:00Z", "results": results}


def no_gpu_report():
    results = []
    for w, h, ms in ((640, 480, 0.21), (1920, 1080, 0.29)):
        results.append(record("frames", "u8->u32", w, h, "cpu_parallel", ms, kind="peer"))
        results.append(record("frames", "u8->u32", w, h, "npp", None, kind="peer", status="no GPU"))
    return {"satbench": 1, "device": {"index": 0, "name": "", "runtime_version": ""},
            "no_gpu_reason": "no NVIDIA driver / GPU found", "host": {"name": "ci-runner"},
            "date": "2026-11-25T10:00:00Z", "results": results}


# A full run on an H100, as the repository keeps it.
REAL_REPORT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "results", "satbench-h100-2026-11-26.json")


def real_report():
    if not os.path.exists(REAL_REPORT):
        pytest.skip(f"{REAL_REPORT} is not there")
    return plot_bench.load(REAL_REPORT)


def drawn(data):
    fig = plot_bench.make_figure(data)
    fig.canvas.draw()
    return fig, fig.canvas.get_renderer()


def visible_axes(fig):
    return [ax for ax in fig.axes if ax.get_visible()]


def labelled_y_ticks(ax):
    lo, hi = ax.get_ylim()
    return [t.get_text() for t in ax.get_yticklabels() if t.get_text() and lo <= t.get_position()[1] <= hi]


def test_title_names_the_gpu_and_runtime():
    fig, _ = drawn(gpu_report())
    title = fig._suptitle.get_text()
    assert title.startswith("satbench on NVIDIA H100 80GB HBM3 (CUDA 13.0), 2026-11-25T10:00:00Z")


def test_title_without_a_gpu_names_the_host_and_the_reason():
    fig, _ = drawn(no_gpu_report())
    title = fig._suptitle.get_text()
    assert title == "satbench on ci-runner: CPU peers only (no NVIDIA driver / GPU found), 2026-11-25T10:00:00Z"
    assert "on  (" not in title and "(CUDA )" not in title


def test_title_of_an_older_report_without_reason_or_host():
    data = no_gpu_report()
    del data["no_gpu_reason"]
    del data["host"]
    assert plot_bench.figure_title(data).startswith("satbench on a host without a GPU: CPU peers only (no GPU)")


@pytest.mark.parametrize("report", [gpu_report, no_gpu_report, real_report])
def test_title_sits_above_every_panel(report):
    fig, renderer = drawn(report())
    title_bottom = fig._suptitle.get_window_extent(renderer).y0
    for ax in visible_axes(fig):
        assert ax.get_tightbbox(renderer).y1 <= title_bottom + 0.5, ax.get_title()


@pytest.mark.parametrize("report", [gpu_report, no_gpu_report, real_report])
def test_every_panel_has_labelled_y_ticks(report):
    fig, _ = drawn(report())
    axes = visible_axes(fig)
    assert axes
    for ax in axes:
        labels = labelled_y_ticks(ax)
        assert len(labels) >= 2, (ax.get_title(), ax.get_ylim(), labels)


def test_batch_panel_ticks_lie_within_its_narrow_range():
    fig, _ = drawn(gpu_report())
    (batches,) = [ax for ax in visible_axes(fig) if ax.get_title().startswith("batches")]
    lo, hi = batches.get_ylim()
    assert hi / lo < 10, "the case under test: times within one decade"
    assert len(labelled_y_ticks(batches)) >= 2


@pytest.mark.parametrize("lo, hi", [(0.001, 1000.0), (0.28, 0.75), (0.3, 0.301), (5.0, 9.0)])
def test_log_ticks_gives_at_least_two_ticks_inside(lo, hi):
    ticks = plot_bench.log_ticks(lo, hi)
    inside = [t for t in ticks if lo <= t <= hi]
    assert len(inside) >= 2, ticks
    assert len(ticks) <= 12, ticks


def test_command_line_writes_the_png(tmp_path):
    report = tmp_path / "bench.json"
    report.write_text(json.dumps(no_gpu_report()))
    done = subprocess.run([sys.executable, os.path.join(SCRIPTS, "plot_bench.py"), str(report)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "bench.png").stat().st_size > 0


def test_cpu_only_report_plots_the_cpu_peers_and_counts_the_rest(tmp_path):
    data = no_gpu_report()
    data["results"].append(record("frames", "u8->u32", 7680, 4320, "cpu_parallel", None, kind="peer",
                                  status="no memory"))
    fig, _ = drawn(data)
    (ax,) = visible_axes(fig)
    assert [line.get_label() for line in ax.get_lines()] == ["cpu_parallel"]
    assert len(ax.get_lines()[0].get_xdata()) == 2, "the two sizes measured"
    report = tmp_path / "cpu.json"
    report.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, os.path.join(SCRIPTS, "plot_bench.py"), str(report)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "(not measured, left out: no GPU: 2, no memory: 1)" in done.stdout, done.stdout


def test_satbench_json_without_a_gpu_is_plotted(tmp_path):
    """The README's `satbench --json bench.json; python3 scripts/plot_bench.py bench.json` with the
    default GPU methods asked for: satbench exits 1 without a GPU, the plot still shows the CPU peer."""
    satbench = os.environ.get("SATBENCH_EXE")
    if not satbench:
        pytest.skip("SATBENCH_EXE is not set (ctest sets it)")
    report = tmp_path / "bench.json"
    bench = subprocess.run([satbench, "--peers", "cpu_parallel,npp", "--suite", "frames", "--sizes", "64x48,128x96",
                            "--reps", "2", "--warmup", "0", "--no-color", "--json", str(report)],
                           capture_output=True, text=True, timeout=600)
    assert bench.returncode in (0, 1), bench.stderr
    done = subprocess.run([sys.executable, os.path.join(SCRIPTS, "plot_bench.py"), str(report)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "bench.png").stat().st_size > 0
    labels = {line.get_label() for ax in visible_axes(drawn(plot_bench.load(str(report)))[0]) for line in ax.get_lines()}
    assert "cpu_parallel" in labels, labels
