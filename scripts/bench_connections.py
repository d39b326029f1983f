#!/usr/bin/env python3
"""Benchmark: one client trying to take every connection of the server.

Starts a fresh `samiti serve` (the build in $CARGO_TARGET_DIR, debug unless SAMITI_BIN is set; a
temporary SQLite database, SAMITI_RATE_LIMITS=off, the default connection limits) and prints:
1. 2,000 WebSockets opened from 127.0.0.1 and held: how many were accepted and refused, while
   `GET /notifications` from another address (127.0.0.2) is timed (p50, max of 20);
2. 1,100 connections from 127.0.0.1 that send half a header and wait: how many of 9 ordinary
   requests from 127.0.0.2 time out (1 s);
3. memory per WebSocket: a server with 1,000 sockets allowed per client, resident memory
   before and with 1,000 open sockets, and after they close;
with the server's open files and warnings logged. Figures only: nothing here passes or fails.

Usage: scripts/bench_connections.py   (BENCH_PORT, default 8194; BENCH_POSTGRES as in bench_hashing.py)
"""
import base64, os, resource, shutil, socket, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(__file__))
from bench_hashing import BIN  # noqa: E402
import bench_hashing  # noqa: E402

PORT = int(os.environ.get("BENCH_PORT", "8194"))
OTHER = "127.0.0.2"


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def open_files(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def start_server(data, **settings):
    log = open(os.path.join(data, "server.log"), "w")
    return bench_hashing.start_server(data, PORT, log, RUST_LOG="samiti=warn", **settings)


def stop(server, data):
    server.terminate()
    server.wait(timeout=10)
    with open(os.path.join(data, "server.log")) as log:
        warnings = [line for line in log if "WARN" in line]
    return warnings


def websocket(timeout=2.0):
    """A WebSocket handshake from 127.0.0.1; the socket, or None when refused."""
    sock = socket.socket()
    sock.settimeout(timeout)
    try:
        sock.connect(("127.0.0.1", PORT))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = sock.recv(1024)
        if answer.startswith(b"HTTP/1.1 101"):
            return sock
    except OSError:
        pass
    sock.close()
    return None


def timed_get(timeout=5.0):
    """Milliseconds for `GET /notifications` from the other address, or None on a timeout."""
    sock = socket.socket()
    sock.settimeout(timeout)
    start = time.perf_counter()
    try:
        sock.bind((OTHER, 0))
        sock.connect(("127.0.0.1", PORT))
        sock.sendall(b"GET /notifications HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = sock.recv(64)
        return (time.perf_counter() - start) * 1000 if answer.startswith(b"HTTP/1.1 200") else None
    except OSError:
        return None
    finally:
        sock.close()


def websockets_from_one_client():
    data = tempfile.mkdtemp(prefix="samiti-bench-connections.")
    server = start_server(data)
    held, refused = [], 0
    try:
        start = time.perf_counter()
        for _ in range(2000):
            sock = websocket(timeout=1.0)
            if sock:
                held.append(sock)
            else:
                refused += 1
        elapsed = time.perf_counter() - start
        times = [timed_get() for _ in range(20)]
        answered = [t for t in times if t is not None]
        print(f"2,000 WebSockets from one client ({elapsed:.1f} s): {len(held)} open, {refused} refused; "
              f"server holds {open_files(server.pid)} open files")
        if answered:
            print(f"  GET /notifications from another address meanwhile: p50 {statistics.median(answered):.1f} ms, "
                  f"max {max(answered):.1f} ms, {len(times) - len(answered)} of {len(times)} unanswered")
        else:
            print(f"  GET /notifications from another address meanwhile: none of {len(times)} answered")
    finally:
        for sock in held:
            sock.close()
        warnings = stop(server, data)
        print(f"  warnings logged: {len(warnings)}")
        shutil.rmtree(data, ignore_errors=True)


def slow_clients_from_one_address():
    data = tempfile.mkdtemp(prefix="samiti-bench-connections.")
    server = start_server(data)
    slow = []
    try:
        for _ in range(1100):
            sock = socket.socket()
            sock.settimeout(1.0)
            try:
                sock.connect(("127.0.0.1", PORT))
                sock.sendall(b"GET /notifications HTTP/1.1\r\nHost: x\r\n")
                slow.append(sock)
            except OSError:
                sock.close()
        times = [timed_get(timeout=1.0) for _ in range(9)]
        late = sum(t is None for t in times)
        answered = [t for t in times if t is not None]
        worst = f", slowest {max(answered):.1f} ms" if answered else ""
        print(f"1,100 half-header connections from one address: {late} of 9 ordinary requests timed out (1 s){worst}")
    finally:
        for sock in slow:
            sock.close()
        stop(server, data)
        shutil.rmtree(data, ignore_errors=True)


def memory_per_socket():
    data = tempfile.mkdtemp(prefix="samiti-bench-connections.")
    server = start_server(data, SAMITI_MAX_CONNECTIONS_PER_CLIENT="2000")
    held = []
    try:
        before = rss_mb(server.pid)
        for _ in range(1000):
            sock = websocket()
            if sock:
                held.append(sock)
        time.sleep(1)
        during = rss_mb(server.pid)
        for sock in held:
            sock.close()
        time.sleep(3)
        after = rss_mb(server.pid)
        per = (during - before) * 1024 / max(1, len(held))
        print(f"{len(held)} open WebSockets: resident {before:.1f} MB before, {during:.1f} MB open "
              f"({per:.1f} KiB each), {after:.1f} MB after closing")
    finally:
        stop(server, data)
        shutil.rmtree(data, ignore_errors=True)


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    print(f"server: {BIN}")
    websockets_from_one_client()
    slow_clients_from_one_address()
    memory_per_socket()


if __name__ == "__main__":
    main()
