#!/usr/bin/env python3
"""Wall time of short commands, process start included, and their peak RSS.

usage: spawn_time.py [-n RUNS] CMDFILE

CMDFILE has one command per line (shell words, no pipes). After one unmeasured
warm-up run of each, RUNS rounds run every command once, in file order; each run is
timed from posix_spawn to wait4 (stdout to /dev/null, stderr passes through), and so
is each whole round. Prints one line per command,
`MEDIAN_MS MIN_MS MAX_MS PEAK_RSS_KIB`, then the same for the rounds as `all ...`.

Peak RSS comes from one more run of each command under GNU time (`/usr/bin/time -f %M`,
package `time`); the rounds' peak is the largest of them. Without GNU time it is `-`:
the ru_maxrss that wait4 reports for a spawned child starts at the RSS of this Python
process. Exits 1 with a message if any run fails.
"""
import os, shlex, shutil, statistics, sys, tempfile, time

GNU_TIME = "/usr/bin/time"


def spawn(argv, devnull):
    fa = [(os.POSIX_SPAWN_DUP2, devnull, 1)]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa)
    _, status, _ = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"spawn_time: {shlex.join(argv)}: exit {code}")
    return wall


def stats(walls):
    ms = [w * 1000 for w in walls]
    return f"{statistics.median(ms):.3f} {min(ms):.3f} {max(ms):.3f}"


def main():
    args = sys.argv[1:]
    runs = 50
    if args[:1] == ["-n"]:
        runs, args = int(args[1]), args[2:]
    if len(args) != 1 or runs < 1:
        sys.exit(__doc__.split("\n\n")[1])
    with open(args[0], encoding="utf-8") as f:
        cmds = [shlex.split(l) for l in f if l.strip()]
    for c in cmds:
        exe = shutil.which(c[0])
        if not exe:
            sys.exit(f"spawn_time: {c[0]}: not found")
        c[0] = exe
    devnull = os.open(os.devnull, os.O_WRONLY)
    for c in cmds:
        spawn(c, devnull)
    walls = [[] for _ in cmds]
    rounds = []
    for _ in range(runs):
        start = time.perf_counter()
        for c, w in zip(cmds, walls):
            w.append(spawn(c, devnull))
        rounds.append(time.perf_counter() - start)
    rss = ["-"] * len(cmds)
    if os.access(GNU_TIME, os.X_OK):
        with tempfile.NamedTemporaryFile("r") as out:
            for i, c in enumerate(cmds):
                spawn([GNU_TIME, "-f", "%M", "-o", out.name] + c, devnull)
                out.seek(0)
                rss[i] = out.read().split()[-1]
    for w, r in zip(walls, rss):
        print(stats(w), r)
    peak = max((int(r) for r in rss if r != "-"), default=None)
    print("all", stats(rounds), "-" if peak is None else peak)


if __name__ == "__main__":
    main()
