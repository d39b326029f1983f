#!/usr/bin/env python3
"""Benchmark: SQLite's write-ahead log under a flood of public writes.

Starts `samiti serve` (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN is set) on a fresh
SQLite database with SAMITI_RATE_LIMITS=off, sends `POST /api/contacts` for SECONDS seconds over
64 keep-alive connections (asyncio, raw sockets, loopback only), and prints the size of
`samiti.db` and `samiti.db-wal` during the flood, at its end and after a quiet minute.
Figures only: nothing here passes or fails (the regression test is tests/api/database_health.rs).

Usage: scripts/bench_wal.py [SECONDS] [QUIET_SECONDS]   (default 30 and 60; BENCH_PORT, default a free one)
"""
import asyncio, json, os, shutil, socket, subprocess, sys, tempfile, time, urllib.request

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 30
QUIET = float(sys.argv[2]) if len(sys.argv) > 2 else 60
def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PORT = int(os.environ.get("BENCH_PORT") or free_port())
CONNECTIONS = 64
BIN = os.environ.get("SAMITI_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti")
BODY = json.dumps({"full_name": "सुरेश क्षीरसागर", "email": "suresh@example.org",
                   "message": "नमस्कार, a message of ordinary length. " * 5}).encode()
REQUEST = (f"POST /api/contacts HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
           f"content-length: {len(BODY)}\r\n\r\n").encode() + BODY


def mib(path):
    try:
        return os.path.getsize(path) / 1024 / 1024
    except OSError:
        return 0.0


async def client(deadline, statuses):
    reader, writer = await asyncio.open_connection("127.0.0.1", PORT)
    try:
        while time.monotonic() < deadline:
            writer.write(REQUEST)
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            await reader.readexactly(length)
            statuses[status] = statuses.get(status, 0) + 1
    except (OSError, asyncio.IncompleteReadError):
        statuses["closed"] = statuses.get("closed", 0) + 1
    finally:
        writer.close()


async def flood(db, wal):
    statuses = {}
    start = time.monotonic()
    deadline = start + SECONDS
    tasks = [asyncio.create_task(client(deadline, statuses)) for _ in range(CONNECTIONS)]
    peak = 0.0
    while not all(task.done() for task in tasks):
        await asyncio.sleep(1)
        peak = max(peak, mib(wal))
        print(f"  {time.monotonic() - start:5.1f} s: samiti.db {mib(db):7.1f} MiB, -wal {mib(wal):7.1f} MiB, "
              f"{sum(v for v in statuses.values())} answers", flush=True)
    await asyncio.gather(*tasks)
    return statuses, peak, time.monotonic() - start


def main():
    data = tempfile.mkdtemp(prefix="samiti-bench-wal-")
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{PORT}", RUST_LOG=os.environ.get("RUST_LOG", "warn"),
               SAMITI_RATE_LIMITS="off")
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen([BIN, "serve"], env=env)
    db, wal = os.path.join(data, "samiti.db"), os.path.join(data, "samiti.db-wal")
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/admin/setup", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        if server.poll() is not None:
            sys.exit("the server did not start")
        print(f"flood: POST /api/contacts for {SECONDS:.0f} s over {CONNECTIONS} connections ({BIN})")
        statuses, peak, elapsed = asyncio.run(flood(db, wal))
        total = sum(v for k, v in statuses.items() if k != "closed")
        print(f"answers: {statuses} ({total / elapsed:.0f}/s)")
        print(f"after the flood: samiti.db {mib(db):.1f} MiB, samiti.db-wal {mib(wal):.1f} MiB (peak {peak:.1f} MiB)")
        time.sleep(QUIET)
        print(f"after {QUIET:.0f} quiet seconds: samiti.db {mib(db):.1f} MiB, samiti.db-wal {mib(wal):.3f} MiB")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
