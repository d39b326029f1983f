#!/usr/bin/env python3
"""Benchmark: administrator lists and exports with tens of thousands of rows.

Starts `samiti serve` on a fresh SQLite database (or DATABASE_URL), fills the contact list
through the public API, then prints latencies of list pages, searches and exports. Figures
only: nothing here passes or fails.   Usage: scripts/bench.py [ROWS]   (default 20000)
"""
import json, os, statistics, subprocess, sys, tempfile, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
PORT = int(os.environ.get("BENCH_PORT", "8191"))
BASE = f"http://127.0.0.1:{PORT}"
BIN = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti")


def call(method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(req) as resp:
        return resp.status, dict(resp.headers), resp.read()


def timed(label, fn, repeat=20):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{label:<48} median {statistics.median(times):8.1f} ms   p95 {p95:8.1f} ms")
    return result


def main():
    data = tempfile.mkdtemp(prefix="samiti-bench-")
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{PORT}", RUST_LOG="warn")
    server = subprocess.Popen([BIN, "serve"], env=env)
    try:
        for _ in range(100):
            try:
                call("GET", "/api/admin/setup")
                break
            except OSError:
                time.sleep(0.1)
        call("POST", "/api/admin/register", {"email": "bench@example.org", "password": "bench-password"})
        token = json.loads(call("POST", "/api/admin/login", {"email": "bench@example.org", "password": "bench-password"})[2])["token"]

        names = ["सुरेश क्षीरसागर", "Ravi Patil", "अनिता देशपांडे", "Meera Kulkarni", "श्रीकांत जोशी"]
        start = time.perf_counter()
        def send(i):
            call("POST", "/api/contacts", {"full_name": f"{names[i % 5]} {i}", "email": f"person{i}@example.org", "message": f"संदेश क्रमांक {i}: please call back"})
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(send, range(ROWS)))
        elapsed = time.perf_counter() - start
        print(f"filled {ROWS} contacts through POST /api/contacts: {elapsed:.1f} s ({ROWS / elapsed:.0f} requests/s, 8 clients)")

        timed("GET /api/contacts (first page of 50)", lambda: call("GET", "/api/contacts", token=token))
        timed("GET /api/contacts?page=300&per_page=50", lambda: call("GET", "/api/contacts?page=300&per_page=50", token=token))
        timed("GET /api/contacts?q=person1999 (search)", lambda: call("GET", "/api/contacts?q=person1999", token=token))
        timed("GET /api/contacts?q=क्षीरसागर&sort=full_name", lambda: call("GET", "/api/contacts?q=%E0%A4%95%E0%A5%8D%E0%A4%B7%E0%A5%80%E0%A4%B0%E0%A4%B8%E0%A4%BE%E0%A4%97%E0%A4%B0&sort=full_name", token=token))
        _, _, body = timed(f"GET /api/contacts/export/excel ({ROWS} rows)", lambda: call("GET", "/api/contacts/export/excel", token=token), repeat=3)
        print(f"{'':<48} workbook {len(body) / 1024:.0f} KiB")
        _, _, body = timed("GET /api/contacts/export/pdf?q=person1 (~11% rows)", lambda: call("GET", "/api/contacts/export/pdf?q=person1", token=token), repeat=3)
        print(f"{'':<48} pdf {len(body) / 1024:.0f} KiB")
        _, _, body = timed("GET /api/contacts/export/pdf?q=person19 (~1% rows)", lambda: call("GET", "/api/contacts/export/pdf?q=person19", token=token), repeat=5)
        print(f"{'':<48} pdf {len(body) / 1024:.0f} KiB")
        with open(f"/proc/{server.pid}/status") as status:
            rss = next(line for line in status if line.startswith("VmHWM"))
        print(f"server peak resident memory: {rss.split(':')[1].strip()}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
