#!/usr/bin/env python3
"""Benchmark: booking confirmations and the export of one month of bookings.

Starts `samiti serve` (the build in $CARGO_TARGET_DIR, debug unless SAMITI_BIN is set) on a fresh
SQLite database, then prints:
- the time of a room booking answered with its PDF confirmation, cold (first) and warm (p50, p95
  over the following ones, one client at a time), with a room capacity set so the capacity check
  runs too;
- the time of a puja booking (Marathi text, QR code) warm;
- PDF and Excel exports of one month of room bookings (PER_DAY a day for 30 days, filtered by the
  month's date range as the dashboard does), with the server's CPU time and peak memory.
Figures only: nothing here passes or fails.

Usage: scripts/bench_bookings.py [PER_DAY]   (default 40; BENCH_PORT, default 8192)
"""
import datetime, os, shutil, statistics, sys, time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
import bench  # noqa: E402
from bench import BIN, call, cpu_seconds, memory, reset_peak, start_server  # noqa: E402

PER_DAY = int(sys.argv[1]) if len(sys.argv) > 1 else 40
bench.PORT = int(os.environ.get("BENCH_PORT", "8192"))
bench.BASE = f"http://127.0.0.1:{bench.PORT}"
NAMES = ["सुरेश क्षीरसागर", "Ravi Patil", "अनिता देशपांडे", "Meera Kulkarni", "श्रीकांत जोशी"]


def today_in_india():
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=5, minutes=30)).date()


def room(i, day):
    check_in = today_in_india() + datetime.timedelta(days=day)
    return {"fullName": f"{NAMES[i % 5]}", "email": f"guest{i}@example.org", "phone": "9876543210",
            "checkIn": check_in.isoformat(), "checkOut": (check_in + datetime.timedelta(days=1)).isoformat(),
            "guests": 2, "roomType": ["standard", "deluxe", "suite"][i % 3], "specialRequests": "तळमजल्यावरील खोली मिळावी"}


def puja(i):
    day = today_in_india() + datetime.timedelta(days=2)
    return {"fullName": NAMES[i % 5], "email": f"devotee{i}@example.org", "phone": "9876543210",
            "pujaDate": day.isoformat(), "pujaTime": "07:30", "pujaType": "Rudrabhishek", "gotra": "काश्यप", "participants": 3}


def times_of(fn, count):
    times = []
    for i in range(count):
        start = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(label, times):
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{label:<60} p50 {statistics.median(times):7.1f} ms   p95 {p95:7.1f} ms   (n={len(times)})")


def main():
    server, data, token = start_server()
    try:
        print(f"server: {BIN}")
        limits = {"rooms": {"standard": 10_000, "deluxe": 10_000, "suite": 10_000},
                  "pujas_per_day": {"markandeya": 10_000, "poshavvadevi": None, "shitaladevi": None}}
        call("PUT", "/api/bookings/capacity", limits, token)

        cold = times_of(lambda i: call("POST", "/api/bookings", room(i, 3)), 1)
        print(f"{'room booking with its PDF confirmation, cold (first)':<60} {cold[0]:7.1f} ms")
        summary("room booking with its PDF confirmation, warm", times_of(lambda i: call("POST", "/api/bookings", room(i + 1, 3)), 50))
        summary("Markandeya booking with its PDF confirmation, warm", times_of(lambda i: call("POST", "/api/abhishek-bookings", puja(i)), 50))

        # One month of room bookings, PER_DAY a day, from 4 parallel clients.
        first = today_in_india() + datetime.timedelta(days=40)
        start = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda i: call("POST", "/api/bookings", room(i, 40 + i // PER_DAY)), range(30 * PER_DAY)))
        elapsed = time.perf_counter() - start
        print(f"booked {30 * PER_DAY} rooms over 30 days: {elapsed:.1f} s ({30 * PER_DAY / elapsed:.1f} bookings/s with their PDFs, 4 clients)")

        month = f"from={first.isoformat()}&to={(first + datetime.timedelta(days=29)).isoformat()}"
        for kind in ["pdf", "excel"]:
            reset_peak(server.pid)
            before, _ = memory(server.pid)
            cpu = cpu_seconds(server.pid)
            start = time.perf_counter()
            _, _, body = call("GET", f"/api/bookings/export/{kind}?{month}", token=token)
            elapsed = time.perf_counter() - start
            cpu = cpu_seconds(server.pid) - cpu
            _, peak = memory(server.pid)
            print(f"{kind.upper()} export of one month ({30 * PER_DAY} bookings): {elapsed:6.2f} s ({cpu:.2f} s server CPU), "
                  f"{len(body) / 1024:.0f} KiB; server RSS {before:.0f} MiB before, peak {peak:.0f} MiB")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
