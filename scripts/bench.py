#!/usr/bin/env python3
"""Benchmark: administrator lists and exports with tens of thousands of rows.

Starts `samiti serve` (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN is set) on a fresh
SQLite database (or DATABASE_URL), fills the contact list through the public API, then prints:
latencies of list pages and searches, PDF exports of 5,000 and of ROWS rows (time, the server's
peak resident memory during the export, and its resident memory after), the Excel export, and a
burst of large public submissions (contact messages of the maximum length, 2,000 characters,
from 8 parallel clients). Figures only: nothing here passes or fails.

Usage: scripts/bench.py [ROWS]   (default 20000; BENCH_PORT to change the port, default 8191)
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
PORT = int(os.environ.get("BENCH_PORT", "8191"))
# Other benchmarks importing this module may move PORT and BASE before calling start_server().
BASE = f"http://127.0.0.1:{PORT}"
BIN = os.environ.get("SAMITI_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti")
CLIENTS = 8
NAMES = ["सुरेश क्षीरसागर", "Ravi Patil", "अनिता देशपांडे", "Meera Kulkarni", "श्रीकांत जोशी"]


def call(method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=600) as resp:
        return resp.status, dict(resp.headers), resp.read()


def timed(label, fn, repeat=20):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{label:<52} median {statistics.median(times):8.1f} ms   p95 {p95:8.1f} ms")
    return result


def memory(pid):
    """The server's current and peak resident memory, in MiB."""
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    kib = lambda name: int(fields[name].split()[0]) / 1024
    return kib("VmRSS"), kib("VmHWM")


def cpu_seconds(pid):
    """CPU time (user + system) the server has used so far: on a shared, busy machine a fairer
    figure than the wall-clock time."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_peak(pid):
    """Restarts the kernel's peak-RSS count (VmHWM) from the current RSS (Linux 4.0+)."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False


def fill(start, end, body):
    """POSTs contacts start..end from CLIENTS parallel clients; returns seconds taken."""
    began = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(lambda i: call("POST", "/api/contacts", body(i)), range(start, end)))
    return time.perf_counter() - began


def ordinary(i):
    return {"full_name": f"{NAMES[i % 5]} {i}", "email": f"person{i}@example.org",
            "message": f"संदेश क्रमांक {i}: please call back about the hall booking for the family function"}


def pdf_export(server, token, rows):
    """One PDF export of the whole list: time, peak and after-RSS of the server."""
    before, _ = memory(server.pid)
    exact = reset_peak(server.pid)
    cpu = cpu_seconds(server.pid)
    start = time.perf_counter()
    _, _, body = call("GET", "/api/contacts/export/pdf", token=token)
    elapsed = time.perf_counter() - start
    cpu = cpu_seconds(server.pid) - cpu
    _, peak = memory(server.pid)
    time.sleep(2)
    after, _ = memory(server.pid)
    pages = "?"
    if shutil.which("pdfinfo"):
        with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
            file.write(body)
            file.flush()
            info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True).stdout
            pages = next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")
    peak_label = "peak" if exact else "peak since start"
    print(f"PDF export of {rows} rows: {elapsed:6.2f} s ({cpu:.2f} s server CPU), {pages} pages, {len(body) / 1024:.0f} KiB; server RSS "
          f"{before:.0f} MiB before, {peak_label} {peak:.0f} MiB, {after:.0f} MiB 2 s after")
    return body


def start_server():
    """`samiti serve` on PORT with a fresh data folder and an administrator: (server, folder, token)."""
    data = tempfile.mkdtemp(prefix="samiti-bench-")
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{PORT}", RUST_LOG=os.environ.get("BENCH_LOG", "warn"),
               SAMITI_RATE_LIMITS="off")
    server = subprocess.Popen([BIN, "serve"], env=env)
    for _ in range(100):
        try:
            call("GET", "/api/admin/setup")
            break
        except OSError:
            time.sleep(0.1)
    call("POST", "/api/admin/register", {"email": "bench@example.org", "password": "bench-password"})
    token = json.loads(call("POST", "/api/admin/login", {"email": "bench@example.org", "password": "bench-password"})[2])["token"]
    return server, data, token


def main():
    server, data, token = start_server()
    try:
        rss, _ = memory(server.pid)
        print(f"server started: RSS {rss:.0f} MiB ({BIN})")

        first = min(5000, ROWS)
        elapsed = fill(0, first, ordinary)
        print(f"filled {first} contacts through POST /api/contacts: {elapsed:.1f} s ({first / elapsed:.0f} requests/s, {CLIENTS} clients)")
        pdf_export(server, token, first)
        if ROWS > first:
            elapsed = fill(first, ROWS, ordinary)
            print(f"filled {ROWS - first} more contacts: {elapsed:.1f} s ({(ROWS - first) / elapsed:.0f} requests/s, {CLIENTS} clients)")
            pdf_export(server, token, ROWS)

        timed("GET /api/contacts (first page of 50)", lambda: call("GET", "/api/contacts", token=token))
        timed("GET /api/contacts?page=300&per_page=50", lambda: call("GET", "/api/contacts?page=300&per_page=50", token=token))
        timed("GET /api/contacts?q=person1999 (search)", lambda: call("GET", "/api/contacts?q=person1999", token=token))
        timed("GET /api/contacts?q=क्षीरसागर&sort=full_name", lambda: call("GET", "/api/contacts?q=%E0%A4%95%E0%A5%8D%E0%A4%B7%E0%A5%80%E0%A4%B0%E0%A4%B8%E0%A4%BE%E0%A4%97%E0%A4%B0&sort=full_name", token=token))
        _, _, body = timed(f"GET /api/contacts/export/excel ({ROWS} rows)", lambda: call("GET", "/api/contacts/export/excel", token=token), repeat=3)
        print(f"{'':<52} workbook {len(body) / 1024:.0f} KiB")
        _, _, body = timed("GET /api/contacts/export/pdf?q=person19 (~1% rows)", lambda: call("GET", "/api/contacts/export/pdf?q=person19", token=token), repeat=5)
        print(f"{'':<52} pdf {len(body) / 1024:.0f} KiB")

        # A burst of large public submissions: the longest message the form accepts.
        burst = 200
        long_message = ("नमस्कार! Please call back about the hall booking for our family function. " * 40)[:2000]
        reset_peak(server.pid)
        cpu = cpu_seconds(server.pid)
        elapsed = fill(ROWS, ROWS + burst, lambda i: {"full_name": f"Long Message {i}", "email": f"long{i}@example.org", "message": long_message})
        cpu = cpu_seconds(server.pid) - cpu
        rss, peak = memory(server.pid)
        print(f"burst of {burst} contacts with 2,000-character messages ({CLIENTS} clients): {elapsed:.2f} s, "
              f"{burst / elapsed:.0f} requests/s, {cpu * 1000 / burst:.2f} ms server CPU per request; server RSS {rss:.0f} MiB, peak {peak:.0f} MiB")
        rss, peak = memory(server.pid)
        print(f"server resident memory at the end: {rss:.0f} MiB (peak of the last phase {peak:.0f} MiB)")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
