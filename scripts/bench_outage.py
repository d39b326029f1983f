#!/usr/bin/env python3
"""Benchmark: a PostgreSQL outage under load, answered 503 quickly and never 500.

Creates a fresh PostgreSQL database (ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres,
through `psql`), starts `samiti serve` on it (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN
is set; SAMITI_RATE_LIMITS=off), and for SECONDS seconds runs 16 clients (reads of the public
gallery list and contact-form writes, loopback only) while another session ends every connection
of that database (`pg_terminate_backend`) every INTERVAL seconds, as a restart or an administrator
would. Prints the answers by status, the slowest answer and the slowest 503. Figures only.

Usage: scripts/bench_outage.py [SECONDS] [INTERVAL]   (default 15 and 0.2)
"""
import json, os, shutil, socket, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 15
INTERVAL = float(sys.argv[2]) if len(sys.argv) > 2 else 0.2
ADMIN_URL = os.environ.get("ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
BIN = os.environ.get("SAMITI_BIN") or os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti")
CLIENTS = 16


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def psql(url, sql):
    return subprocess.run(["psql", "-qAt", url, "-c", sql], check=True, capture_output=True, text=True).stdout


def request(base, n):
    if n % 2:
        body = json.dumps({"full_name": "Ravi Patil", "email": f"r{n}@example.org", "message": "hello"}).encode()
        req = urllib.request.Request(base + "/api/contacts", data=body, method="POST",
                                     headers={"content-type": "application/json"})
    else:
        req = urllib.request.Request(base + "/api/gallery?page=1")
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            resp.read()
            status = resp.status
    except urllib.error.HTTPError as err:
        status = err.code
    except OSError:
        status = "no answer"
    return status, time.perf_counter() - start


def main():
    name = f"samiti_bench_{uuid.uuid4().hex}"
    psql(ADMIN_URL, f'CREATE DATABASE "{name}"')
    db_url = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="samiti-bench-outage-")
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{port}", RUST_LOG="error",
               SAMITI_RATE_LIMITS="off", DATABASE_URL=db_url)
    server = subprocess.Popen([BIN, "serve"], env=env, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/admin/setup", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        if server.poll() is not None:
            sys.exit("the server did not start")
        stop = time.monotonic() + SECONDS
        ended = [0]

        def terminate():
            while time.monotonic() < stop:
                out = psql(db_url, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE datname = current_database() AND pid <> pg_backend_pid()")
                ended[0] += int(out.strip() or 0)
                time.sleep(INTERVAL)

        killer = threading.Thread(target=terminate)
        killer.start()
        answers = []

        def client(c):
            n = c
            while time.monotonic() < stop:
                answers.append(request(base, n))
                n += CLIENTS

        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, range(CLIENTS)))
        killer.join()
        counts = {}
        for status, _ in answers:
            counts[status] = counts.get(status, 0) + 1
        slowest = max((took for _, took in answers), default=0)
        slowest_503 = max((took for status, took in answers if status == 503), default=0)
        print(f"{SECONDS:.0f} s, {CLIENTS} clients, every connection ended every {INTERVAL} s "
              f"({ended[0]} connections ended; {BIN})")
        print(f"answers by status: {dict(sorted(counts.items(), key=str))}")
        print(f"slowest answer {slowest * 1000:.0f} ms; slowest 503 {slowest_503 * 1000:.0f} ms")
        after = request(base, 0)
        print(f"after the outage: GET gallery {after[0]} in {after[1] * 1000:.0f} ms")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)
        psql(ADMIN_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
