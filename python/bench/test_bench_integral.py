"""build/python/python runs the interpreter the module was built for; bench_integral.py without a
CUDA device (CUDA_VISIBLE_DEVICES empty hides any) says that it needs a GPU, with no traceback.
Run by ctest through the launcher (SATCORE_BUILD_PYTHON names the build's interpreter)."""
import os
import subprocess
import sys

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_integral.py")


def test_launcher_runs_the_build_interpreter_with_the_module():
    import satcore  # on the path the launcher set

    assert os.path.realpath(sys.executable) == os.path.realpath(os.environ["SATCORE_BUILD_PYTHON"])
    assert satcore.__version__


def test_benchmark_without_a_gpu_says_it_needs_one():
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="")
    run = subprocess.run([sys.executable, BENCH, "--quick", "--reps", "1"], env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "bench_integral.py: needs" in run.stderr and "CUDA" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
