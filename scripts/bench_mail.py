#!/usr/bin/env python3
"""Mail figures (docs/DESIGN.md §14), printed, never asserted:

1. an update to N confirmed subscribers (default 10,000): the request's time, the time until the
   test SMTP server (scripts/smtp-sink.py) has every message, and the server's memory (resident
   set before, and its peak) while the worker sends them;
2. a booking's latency with mail on and with mail off, the same site and build.

    scripts/bench_mail.py [--subscribers 10000] [--rate PER_MINUTE] [--bookings 60]

Uses $SAMITI_BIN (default: the debug build) on a fresh SQLite site.
"""
import argparse
import datetime
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target"))
BIN = os.environ.get("SAMITI_BIN", os.path.join(TARGET, "debug", "samiti"))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def request(base, method, path, body=None, token=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    for key, value in (headers or {}).items():
        req.add_header(key, value)
    with urllib.request.urlopen(req, timeout=120) as response:
        raw = response.read()
        return response.status, raw


def memory(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def wait_up(base):
    for _ in range(600):
        try:
            request(base, "GET", "/api/admin/setup")
            return
        except Exception:
            time.sleep(0.1)
    sys.exit("the server did not start")


def serve(data, port, mail_env):
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    env.update(SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{port}", SAMITI_RATE_LIMITS="off", RUST_LOG="warn")
    for key in ("SAMITI_SMTP_URL", "SAMITI_MAIL_FROM", "SAMITI_MAIL_RATE"):
        env.pop(key, None)
    env.update(mail_env)
    server = subprocess.Popen([BIN, "serve"], env=env, stderr=subprocess.DEVNULL)
    wait_up(f"http://127.0.0.1:{port}")
    return server


def booking_latencies(base, count, start_day):
    times = []
    for n in range(count):
        day = (datetime.date.today() + datetime.timedelta(days=start_day + n)).isoformat()
        body = {"fullName": "Asha Joshi", "email": "asha@example.org", "phone": "9876543210", "pujaDate": day,
                "pujaTime": "07:30", "pujaType": "Special", "participants": "2", "specialRequests": ""}
        began = time.perf_counter()
        status, _ = request(base, "POST", "/api/shitaladevi-bookings", body)
        times.append((time.perf_counter() - began) * 1000)
        assert status == 200, status
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def count_messages(folder):
    return sum(1 for name in os.listdir(folder) if name.endswith(".eml"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=10_000)
    parser.add_argument("--rate", type=int, help="SAMITI_MAIL_RATE (messages per minute); none: no limit")
    parser.add_argument("--bookings", type=int, default=60)
    args = parser.parse_args()

    venv = subprocess.run(["bash", os.path.join(ROOT, "scripts/smtp-sink.sh"), "env"], capture_output=True, text=True, check=True)
    settings = dict(line.replace("export ", "").split("=", 1) for line in venv.stdout.splitlines())
    python = settings["SAMITI_TEST_SMTP_PYTHON"].strip("'")
    sink_script = settings["SAMITI_TEST_SMTP_SINK"].strip("'")

    with tempfile.TemporaryDirectory() as scratch:
        data = os.path.join(scratch, "data")
        mail_dir = os.path.join(scratch, "mail")
        smtp_port = free_port()
        sink = subprocess.Popen([python, sink_script, "--port", str(smtp_port), "--dir", mail_dir], stdout=subprocess.DEVNULL)
        time.sleep(1.5)
        mail_env = {"SAMITI_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}", "SAMITI_MAIL_FROM": "Samiti Office <office@samiti.example.org>"}
        if args.rate:
            mail_env["SAMITI_MAIL_RATE"] = str(args.rate)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = serve(data, port, mail_env)
        try:
            request(base, "POST", "/api/admin/register", {"email": "admin@example.org", "password": "correct horse battery"})
            _, raw = request(base, "POST", "/api/admin/login", {"email": "admin@example.org", "password": "correct horse battery"})
            token = json.loads(raw)["token"]

            # Booking latency, mail on (each booking writes its message and the worker sends it).
            on = booking_latencies(base, args.bookings, 5)

            # N confirmed subscribers, half of them Marathi.
            db = sqlite3.connect(os.path.join(data, "samiti.db"), timeout=30)
            db.executemany(
                "INSERT INTO subscribers (value, created_at, status, lang, token, confirmations_sent) VALUES (?, ?, 'confirmed', ?, ?, 0)",
                [(f"reader{n}@example.org", "2026-01-01T00:00:00+00:00", "mr" if n % 2 else "en", f"{n:032d}") for n in range(args.subscribers)],
            )
            db.commit()
            db.close()
            while count_messages(mail_dir) < args.bookings:
                time.sleep(0.2)
            before = count_messages(mail_dir)
            rss_before = memory(server.pid, "VmRSS")

            update = {"subject": {"en": "Ganesh Utsav", "mr": "गणेश उत्सव"},
                      "body": {"en": "The utsav starts on Friday.\n\nAll are welcome.", "mr": "उत्सव शुक्रवारी सुरू होईल.\n\nसर्वांचे स्वागत."}}
            began = time.perf_counter()
            status, raw = request(base, "POST", "/api/admin/updates", update, token)
            written = time.perf_counter() - began
            assert status == 201 and json.loads(raw)["recipients"] == args.subscribers, raw
            peak_rss = rss_before
            while count_messages(mail_dir) < before + args.subscribers:
                peak_rss = max(peak_rss, memory(server.pid, "VmRSS"))
                time.sleep(0.25)
            sent = time.perf_counter() - began
            server.terminate()
            server.wait()

            # Booking latency, mail off, same site and build.
            server = serve(data, port, {})
            off = booking_latencies(base, args.bookings, 5 + args.bookings)
        finally:
            server.terminate()
            server.wait()
            sink.terminate()
            sink.wait()

    rate = f"{args.rate}/min" if args.rate else "no limit"
    print(f"binary: {BIN}")
    print(f"update to {args.subscribers} confirmed subscribers (SAMITI_MAIL_RATE {rate}):")
    print(f"  request (update and {args.subscribers} outbox rows in one transaction): {written * 1000:.0f} ms")
    print(f"  all {args.subscribers} received by the SMTP server: {sent:.1f} s ({args.subscribers / sent:.0f} messages/s)")
    print(f"  server resident memory: {rss_before:.1f} MB before, {peak_rss:.1f} MB at most while sending")
    print(f"booking latency over {args.bookings} bookings (median / p95):")
    print(f"  mail on:  {on[0]:.1f} ms / {on[1]:.1f} ms")
    print(f"  mail off: {off[0]:.1f} ms / {off[1]:.1f} ms")


if __name__ == "__main__":
    main()
