"""How long ``mkdocs build --strict`` takes, every ruleset included: once clean, with an empty
statistics cache so that every run is played and every page made, then warm, the same cache
filled (the runs' results and the generated pages), ``--repeat`` times (the quickest kept, since a
busy machine only ever makes a build slower).

Each build is a whole process, start-up included. Both its wall time and its CPU time (user and
system, the processes it forks to play the runs included) are printed: on a machine shared with
other work the wall time wanders with the load, and the CPU time much less. The clean build's
own summary of the statistics (runs, from the cache, played, seconds) is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = "variants statistics:"
KEPT = "generated pages read from the cache"


def build(cache: Path, site: Path, scale: str | None) -> tuple[float, float, str]:
    """One build: its wall time, its CPU time, and the statistics' summary line."""
    env = {**os.environ, "VARIANTS_STATS_CACHE": str(cache), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("VARIANTS_STATS_SCALE", None)
    if scale is not None:
        env["VARIANTS_STATS_SCALE"] = scale
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"bench-site: the build failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # The last summary is the whole build's: runs, how many came from the cache, played. A
    # build whose inputs are the last one's reads its generated pages back and reads no run.
    lines = done.stderr.splitlines()
    summaries = [line for line in lines if SUMMARY in line]
    if summaries:
        return wall, cpu, summaries[-1].partition(SUMMARY)[2].strip()
    return wall, cpu, "the generated pages from the cache" if any(KEPT in s for s in lines) else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="warm builds (default 3)")
    parser.add_argument("--scale", help="$VARIANTS_STATS_SCALE for both (default: unset, 1)")
    parser.add_argument("--warm-only", action="store_true", help="skip the clean build's timing")
    args = parser.parse_args()
    print(f"{'build':<6} {'wall s':>7} {'CPU s':>7}  statistics", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-site-") as folder:
        cache, site = Path(folder, "cache"), Path(folder, "site")
        wall, cpu, summary = build(cache, site, args.scale)
        if not args.warm_only:
            print(f"{'clean':<6} {wall:7.1f} {cpu:7.1f}  {summary}", flush=True)
        warm = [build(cache, site, args.scale) for _ in range(args.repeat)]
        wall, cpu, summary = min(warm)
        print(f"{'warm':<6} {wall:7.1f} {min(c for _, c, _ in warm):7.1f}  {summary}")
        print(f"({os.cpu_count()} CPUs; warm: the quickest of {args.repeat})")


if __name__ == "__main__":
    main()
