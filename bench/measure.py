#!/usr/bin/env python3
"""Run a command several times; print `MIN_WALL_SECONDS MAX_PEAK_RSS_KIB`.

usage: measure.py [-n RUNS] CMD [ARG...]

stdout of the command goes to /dev/null, stderr passes through. Peak RSS comes from
GNU time (`/usr/bin/time -f %M`, package `time`) when present: its floor is about 1 MiB.
Without it, it is the child's ru_maxrss from wait4, which on Linux starts at the RSS of
this Python process (about 14 MiB) because the child begins as its copy. Exits 1 with a
message if any run fails.
"""
import os, subprocess, sys, tempfile, time

GNU_TIME = "/usr/bin/time"


def main():
    args = sys.argv[1:]
    runs = 3
    if args[:1] == ["-n"]:
        runs, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__.split("\n\n")[1])
    use_time = os.access(GNU_TIME, os.X_OK)
    best, peak = float("inf"), 0
    with tempfile.NamedTemporaryFile("r") as rss_file:
        cmd = [GNU_TIME, "-f", "%M", "-o", rss_file.name] + args if use_time else args
        for _ in range(runs):
            start = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
            wall = time.perf_counter() - start
            p.returncode = os.waitstatus_to_exitcode(status)
            if p.returncode != 0:
                sys.exit(f"measure: {' '.join(args)}: exit {p.returncode}")
            rss_file.seek(0)
            rss = int(rss_file.read().split()[-1]) if use_time else usage.ru_maxrss
            best, peak = min(best, wall), max(peak, rss)
    print(f"{best:.6f} {peak}")


if __name__ == "__main__":
    main()
