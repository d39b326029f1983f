#!/usr/bin/env python3
"""Benchmark: how the site holds up as its lists grow (the figures of the scale issue), each
printed beside its anchor measured in the same run on the same server.

For each database (SQLite in a fresh data folder, and PostgreSQL in a database of its own when
BENCH_POSTGRES names a server, e.g. postgres://postgres@127.0.0.1:5432), it starts `samiti serve`
with rate limits off and prints:
  - the anchor: a trivial GET (`/api/admin/setup`), median and p95;
  - resident memory (VmRSS) idle after start, after 1,000 requests, after a PDF export, and one
    minute after it;
  - the insert rate of 16 parallel clients (POST /api/contacts) against the same clients' rate of
    the trivial GET, and the server CPU per insert;
  - with SMALL contacts (20,000) and ROWS contacts (100,000): a search for a rare word, the
    list's first page, page 1,000 and the list sorted by name;
  - PDF exports of 4,000 rows (one name in five) and of all 20,000 rows, in English and Marathi (time, server
    CPU, peak memory, pages), and the Excel export of 20,000 rows.
Figures only: nothing here passes or fails. Use a release build for figures worth comparing:
SAMITI_BIN=$CARGO_TARGET_DIR/release/samiti.

Usage: scripts/bench_scale.py [ROWS]   (default 100000; BENCH_PORT, default 8193;
       BENCH_SKIP_MINUTE=1 skips the one-minute wait)
"""
import os, shutil, statistics, subprocess, sys, tempfile, time, urllib.parse
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the shared server, client and memory helpers)

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
SMALL = min(20_000, ROWS)
bench.PORT = int(os.environ.get("BENCH_PORT", "8193"))
bench.BASE = f"http://127.0.0.1:{bench.PORT}"
CLIENTS = 16
RARE = "दुर्मिळशब्द"  # a word one contact in the whole list carries


def measure(repeat, fn):
    """Median and p95 of `fn` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def line(label, median, p95, anchor):
    print(f"  {label:<58} {median:8.2f} ms (p95 {p95:8.2f})  = {median / anchor:6.1f}× the anchor")


def rate(fn, count):
    """Requests per second of `count` calls of `fn(i)` from CLIENTS parallel clients."""
    began = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(fn, range(count)))
    return count / (time.perf_counter() - began)


def contact(i):
    return {"full_name": f"{bench.NAMES[i % 5]} {i}", "email": f"person{i}@example.org",
            "message": f"संदेश क्रमांक {i}: please call back about the hall booking for the family function"}


def fill(start, end):
    bench.fill(start, end, contact)


def rss(pid):
    return bench.memory(pid)[0]


def export(server, token, label, path):
    bench.reset_peak(server.pid)
    cpu = bench.cpu_seconds(server.pid)
    began = time.perf_counter()
    _, headers, body = bench.call("GET", path, token=token)
    elapsed = time.perf_counter() - began
    cpu = bench.cpu_seconds(server.pid) - cpu
    _, peak = bench.memory(server.pid)
    pages = "?"
    if body[:4] == b"%PDF":
        with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
            file.write(body)
            file.flush()
            info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True).stdout
            pages = next((row.split()[-1] for row in info.splitlines() if row.startswith("Pages:")), "?")
    print(f"  {label:<58} {elapsed:7.2f} s ({cpu:.2f} s CPU), {pages} pages, {len(body) / 1024:.0f} KiB, peak RSS {peak:.0f} MiB")
    return elapsed


def lists(token, rows, anchor):
    print(f" {rows} contacts:")
    q = urllib.parse.quote(RARE)
    for label, path in [
        (f"search for a rare word (q={RARE})", f"/api/contacts?q={q}"),
        ("first page (50)", "/api/contacts"),
        ("page 1,000 (per_page 50)" if rows >= 50_000 else f"page {rows // 100} (per_page 50)",
         f"/api/contacts?page={1000 if rows >= 50_000 else rows // 100}&per_page=50"),
        ("sorted by name (first page)", "/api/contacts?sort=full_name"),
    ]:
        median, p95 = measure(20, lambda: bench.call("GET", path, token=token))
        line(label, median, p95, anchor)


def run(database):
    env_database = None
    if database == "postgres":
        base = os.environ["BENCH_POSTGRES"].rstrip("/")
        name = f"samiti_bench_scale_{os.getpid()}"
        subprocess.run(["psql", f"{base}/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        env_database = f"{base}/{name}"
    saved = os.environ.get("DATABASE_URL")
    if env_database:
        os.environ["DATABASE_URL"] = env_database
    else:
        os.environ.pop("DATABASE_URL", None)
    server, data, token = bench.start_server()
    if saved is not None:
        os.environ["DATABASE_URL"] = saved
    try:
        print(f"\n== {database} ({bench.BIN})")
        # Idle: past the start's page rendering and the administrator's password hash, whose
        # memory block is kept for 20 s.
        time.sleep(30)
        idle = rss(server.pid)
        anchor, anchor_p95 = measure(1000, lambda: bench.call("GET", "/api/admin/setup"))
        print(f"  anchor: GET /api/admin/setup {anchor:.2f} ms (p95 {anchor_p95:.2f})")
        after_requests = rss(server.pid)

        get_rate = rate(lambda i: bench.call("GET", "/api/admin/setup"), 3000)
        cpu = bench.cpu_seconds(server.pid)
        insert_rate = rate(lambda i: bench.call("POST", "/api/contacts", contact(i)), 3000)
        cpu = bench.cpu_seconds(server.pid) - cpu
        print(f"  inserts, {CLIENTS} clients: {insert_rate:.0f}/s against {get_rate:.0f}/s for the trivial GET "
              f"= {insert_rate / get_rate:.2f}×; {cpu * 1e6 / 3000:.0f} µs server CPU per insert")

        fill(3000, SMALL - 1)
        bench.call("POST", "/api/contacts", {"full_name": "Rare Word", "email": "rare@example.org",
                                             "message": f"एक {RARE} असलेला संदेश"})
        lists(token, SMALL, anchor)
        excel = export(server, token, f"Excel export, {SMALL} rows", "/api/contacts/export/excel")

        # One name in five is Ravi Patil: 4,000 of 20,000 rows.
        some = sum(bench.NAMES[i % 5] == "Ravi Patil" for i in range(3000, SMALL - 1)) + 3000 // 5
        for lang in ("en", "mr"):
            export(server, token, f"PDF export, {some} rows ({lang})", f"/api/contacts/export/pdf?lang={lang}&q=Patil")
        for lang in ("en", "mr"):
            export(server, token, f"PDF export, all {SMALL} rows ({lang})", f"/api/contacts/export/pdf?lang={lang}")
        after_export = rss(server.pid)

        if ROWS > SMALL:
            fill(SMALL, ROWS)
            lists(token, ROWS, anchor)
        print(f"  (Excel export of {SMALL} rows: {excel:.2f} s, the PDF's anchor)")

        if not os.environ.get("BENCH_SKIP_MINUTE"):
            time.sleep(60)
        later = rss(server.pid)
        print(f"  resident memory: {idle:.0f} MiB idle after start, {after_requests:.0f} MiB after 1,000 requests "
              f"(and {rss(server.pid):.0f} MiB at the end), {after_export:.0f} MiB after the exports, "
              f"{later:.0f} MiB a minute later")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(data, ignore_errors=True)
        if env_database:
            subprocess.run(["psql", f"{base}/postgres", "-qc", f"DROP DATABASE {name}"], check=False)


def main():
    run("sqlite")
    if os.environ.get("BENCH_POSTGRES"):
        run("postgres")


if __name__ == "__main__":
    main()
