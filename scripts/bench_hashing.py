#!/usr/bin/env python3
"""Benchmark: the server's resident memory under a burst of sign-ups (password hashing).

Starts a fresh `samiti serve` (the build in $CARGO_TARGET_DIR, debug unless SAMITI_BIN is set; a
temporary SQLite database, SAMITI_RATE_LIMITS=off), then sends `POST /api/matrimony/register`:
30 registrations one at a time, then 200 from 16 clients at once, and prints the server's
resident memory (VmRSS) before, its peak (VmHWM) and 60 s after the burst, with the answers'
statuses (503 "Server busy" is the hashing queue refusing to wait longer).
Figures only: nothing here passes or fails. The goal: peak under 200 MB, back near idle.

Usage: scripts/bench_hashing.py   (BENCH_PORT, default 8193; SETTLE_SECS, default 60; BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432
       runs the server on a fresh PostgreSQL database there instead of SQLite)
"""
import collections, json, os, shutil, subprocess, sys, tempfile, time, urllib.error, urllib.request
from concurrent.futures import ThreadPoolExecutor

PORT = int(os.environ.get("BENCH_PORT", "8193"))
BASE = f"http://127.0.0.1:{PORT}"
SETTLE = int(os.environ.get("SETTLE_SECS", "60"))
BIN = os.environ.get("SAMITI_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti")


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def mb(kb):
    return f"{kb / 1024:7.1f} MB"


def register(i):
    body = json.dumps({"profile_for": "Self", "email": f"member{i}@example.org",
                       "mobile": f"9{i:09d}", "password": f"password-{i}"}).encode()
    request = urllib.request.Request(f"{BASE}/api/matrimony/register", body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code
    except OSError:
        return "refused"


def fresh_postgres():
    """With BENCH_POSTGRES set (e.g. `postgres://postgres@127.0.0.1:5432`): a new empty database
    there, by `psql`, for one server."""
    base = os.environ["BENCH_POSTGRES"].rstrip("/")
    name = f"samiti_bench_{os.getpid()}_{int(time.time() * 1000) % 10**8}"
    subprocess.run(["psql", f"{base}/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
    return f"{base}/{name}"


def start_server(data, port=PORT, log=None, **settings):
    """A fresh `samiti serve` on `port` with its data in `data`, rate limits off, plus `settings`."""
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{port}", RUST_LOG="warn",
               SAMITI_RATE_LIMITS="off", SAMITI_STATIC_DIR=data)
    env.update(settings)
    env.pop("DATABASE_URL", None)
    if os.environ.get("BENCH_POSTGRES"):
        env["DATABASE_URL"] = fresh_postgres()
    server = subprocess.Popen([BIN, "serve"], env=env, stderr=log)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/admin/setup", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    sys.exit("the server did not start")


def main():
    data = tempfile.mkdtemp(prefix="samiti-bench-hashing.")
    server = start_server(data)
    try:
        print(f"server: {BIN}")
        idle = status_kb(server.pid, "VmRSS")
        print(f"idle                                  {mb(idle)}")
        statuses = collections.Counter(register(i) for i in range(30))
        print(f"after 30 one at a time                {mb(status_kb(server.pid, 'VmRSS'))}   peak {mb(status_kb(server.pid, 'VmHWM'))}   {dict(statuses)}")
        start = time.perf_counter()
        with ThreadPoolExecutor(16) as pool:
            statuses = collections.Counter(pool.map(register, range(1000, 1200)))
        elapsed = time.perf_counter() - start
        print(f"after 200 from 16 clients ({elapsed:4.1f} s)   {mb(status_kb(server.pid, 'VmRSS'))}   peak {mb(status_kb(server.pid, 'VmHWM'))}   {dict(statuses)}")
        time.sleep(SETTLE)
        print(f"{SETTLE} s later                           {mb(status_kb(server.pid, 'VmRSS'))}")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
