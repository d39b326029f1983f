#!/usr/bin/env python3
"""Measures how long `samiti serve` takes to stop on SIGTERM after a load test, with an idle
keep-alive connection, a half-sent request and a live-updates WebSocket open. Prints figures;
needs wrk. Usage: scripts/stop_time.py"""
import os, socket, subprocess, sys, tempfile, time, base64
BIN = os.environ.get("SAMITI_BIN", os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target")), "debug", "samiti"))
port = 8691
data = tempfile.mkdtemp()
env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{port}", RUST_LOG="warn")
srv = subprocess.Popen([BIN, "serve"], env=env)
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", port)).close(); break
    except OSError: time.sleep(0.1)
subprocess.run(["wrk", "-t2", "-c64", "-d5s", f"http://127.0.0.1:{port}/notifications"], check=True, stdout=subprocess.DEVNULL)
# An idle keep-alive connection, a half-sent request and a WebSocket client.
idle = socket.create_connection(("127.0.0.1", port)); idle.sendall(b"GET /notifications HTTP/1.1\r\nHost: x\r\n\r\n"); idle.recv(4096)
half = socket.create_connection(("127.0.0.1", port)); half.sendall(b"GET /notifications HTTP/1.1\r\nHost: x\r\n")
ws = socket.create_connection(("127.0.0.1", port))
key = base64.b64encode(os.urandom(16)).decode()
ws.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
print("ws handshake:", ws.recv(4096).split(b"\r\n")[0])
start = time.perf_counter()
srv.terminate()
srv.wait()
took = time.perf_counter() - start
ws.settimeout(1)
try: frame = ws.recv(64)
except Exception as e: frame = repr(e)
print(f"stopped {took:.2f} s after SIGTERM; websocket got {frame[:2].hex() if isinstance(frame, bytes) else frame} (88 = close frame), close code {int.from_bytes(frame[2:4],'big') if isinstance(frame, bytes) and len(frame)>=4 else None}")
