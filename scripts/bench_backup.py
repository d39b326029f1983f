#!/usr/bin/env python3
"""Benchmark: a backup of a site with 20,000 rows and 500 images, taken while bookings arrive.

Starts `samiti serve` (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN is set) on a fresh
SQLite data folder (BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432 for a fresh PostgreSQL
database instead) on 127.0.0.1:8895, fills it through the API with 500 gallery images (photo-like
1600x1200 JPEGs from `backend/examples/make_photo.rs`, each stored with its WebP variants) and
20,000 rows (contacts and subscribers), then, while two clients book rooms without pause:
- `samiti backup --out` (the command an operator runs): its time, the file's size and the
  command's peak memory (VmHWM), and the server's memory before and at its peak during it;
- `POST /api/admin/backup` (the owner's download, taken inside the server): its time and the
  server's peak memory during it;
- the bookings answered during each (none may fail), and the backup checked by `samiti restore`
  into a fresh folder, its row counts read back.
Figures only: nothing here passes or fails.

Usage: scripts/bench_backup.py [ROWS] [IMAGES]   (defaults 20000 and 500)
"""
import json, os, shutil, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request, uuid
from concurrent.futures import ThreadPoolExecutor

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
IMAGES = int(sys.argv[2]) if len(sys.argv) > 2 else 500
PORT = int(os.environ.get("BENCH_PORT", "8895"))
BASE = f"http://127.0.0.1:{PORT}"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target"))
BIN = os.environ.get("SAMITI_BIN") or os.path.join(TARGET, "debug", "samiti")
MAKE_PHOTO = os.path.join(TARGET, "debug", "examples", "make_photo")


def call(method, path, body=None, token=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", content_type)
    if token:
        req.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=600) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def multipart(fields, files):
    boundary = uuid.uuid4().hex
    out = bytearray()
    for name, value in fields.items():
        out += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
    for name, (filename, data) in files:
        out += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
                "Content-Type: image/jpeg\r\n\r\n").encode()
        out += data + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"multipart/form-data; boundary={boundary}"


def kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def mb(value_kb):
    return f"{value_kb / 1024:.1f} MB"


class Peak:
    """Samples a process's resident memory every 50 ms until stopped; keeps the highest."""

    def __init__(self, pid):
        self.pid, self.peak, self.running = pid, 0, True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            self.peak = max(self.peak, kb(self.pid, "VmRSS"))
            time.sleep(0.05)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak


class Bookings:
    """Two clients booking rooms without pause; counts the answers."""

    def __init__(self):
        self.answers, self.running = {}, True
        self.threads = [threading.Thread(target=self.run, args=(n,), daemon=True) for n in range(2)]
        for thread in self.threads:
            thread.start()

    def run(self, n):
        i = 0
        while self.running:
            i += 1
            day = time.strftime("%Y-%m-%d", time.localtime(time.time() + 86400 * (10 + (i + n) % 300)))
            letters = "".join(chr(97 + int(d)) for d in f"{n}{i}")  # a name is letters only
            body = {"fullName": f"Pilgrim {letters}", "email": "pilgrim@example.org", "phone": "9876543210",
                    "checkIn": day, "checkOut": time.strftime("%Y-%m-%d", time.localtime(time.mktime(time.strptime(day, "%Y-%m-%d")) + 86400)),
                    "roomType": "standard", "guests": 2}
            status, _, _ = call("POST", "/api/bookings", body)
            self.answers[status] = self.answers.get(status, 0) + 1

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()
        answers, self.answers = self.answers, {}
        return answers

    def take(self):
        answers, self.answers = self.answers, {}
        return answers


def run(args, env):
    """Runs `samiti ARGS`, sampling its memory; answers (seconds, peak kB, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen([BIN, *args], env=env, stderr=subprocess.PIPE, text=True)
    peak = Peak(process.pid)
    _, stderr = process.communicate()
    peak_kb = peak.stop()
    if process.returncode != 0:
        sys.exit(f"samiti {' '.join(args)} failed: {stderr}")
    return time.perf_counter() - start, peak_kb, stderr.strip()


def main():
    if not os.path.exists(MAKE_PHOTO):
        subprocess.run(["cargo", "build", "-q", "-p", "samiti", "--example", "make_photo"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="samiti-bench-backup-")
    photos = []
    for seed in range(4):
        path = os.path.join(work, f"photo{seed}.jpg")
        subprocess.run([MAKE_PHOTO, path, "1600", "1200", str(seed + 1)], check=True, stdout=subprocess.DEVNULL)
        with open(path, "rb") as f:
            photos.append(f.read())
    data = os.path.join(work, "data")
    env = dict(os.environ, SAMITI_DATA_DIR=data, SAMITI_BIND=f"127.0.0.1:{PORT}", RUST_LOG="warn", SAMITI_RATE_LIMITS="off")
    env.pop("DATABASE_URL", None)
    if os.environ.get("BENCH_POSTGRES"):
        base = os.environ["BENCH_POSTGRES"].rstrip("/")
        name = f"samiti_bench_backup_{os.getpid()}"
        subprocess.run(["psql", f"{base}/postgres", "-qc", f"CREATE DATABASE {name}"], check=True)
        env["DATABASE_URL"] = f"{base}/{name}"
    server = subprocess.Popen([BIN, "serve"], env=env)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(BASE + "/api/admin/setup", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        call("POST", "/api/admin/register", {"email": "bench@example.org", "password": "bench-password"})
        token = json.loads(call("POST", "/api/admin/login", {"email": "bench@example.org", "password": "bench-password"})[2])["token"]
        print(f"server: {BIN} ({'PostgreSQL' if os.environ.get('BENCH_POSTGRES') else 'SQLite'})")

        start = time.perf_counter()

        def upload(i):
            body, content_type = multipart({"description": f"Photo {i}"}, [("image", (f"IMG_{i}.jpg", photos[i % 4]))])
            status, _, answer = call("POST", "/api/gallery", body, token, content_type)
            assert status == 201, (status, answer)

        with ThreadPoolExecutor(4) as pool:
            list(pool.map(upload, range(IMAGES)))

        def row(i):
            if i % 10 < 7:
                status, _, _ = call("POST", "/api/contacts", {"full_name": f"Visitor {i}", "email": f"v{i}@example.org", "message": "Namaskar " * 8})
            else:
                status, _, _ = call("POST", "/api/subscribers", {"value": f"reader{i}@example.org"})
            assert status == 201, status

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(row, range(ROWS)))
        print(f"filled: {IMAGES} images and {ROWS} rows in {time.perf_counter() - start:.0f} s")

        bookings = Bookings()
        time.sleep(2)
        bookings.take()
        idle = kb(server.pid, "VmRSS")
        out = os.path.join(work, "site.tar.gz")
        watch = Peak(server.pid)
        seconds, peak, said = run(["backup", "--out", out], env)
        server_peak = watch.stop()
        answers = bookings.take()
        print(f"samiti backup --out: {seconds:.1f} s, {os.path.getsize(out) / 1e6:.1f} MB, its peak memory {mb(peak)}; "
              f"the server {mb(idle)} before, peak {mb(server_peak)} during; bookings answered meanwhile {answers}")
        print(f"  {said}")

        watch = Peak(server.pid)
        start = time.perf_counter()
        status, headers, body = call("POST", "/api/admin/backup", token=token)
        elapsed = time.perf_counter() - start
        server_peak = watch.stop()
        answers = bookings.stop()
        print(f"POST /api/admin/backup: {status}, {elapsed:.1f} s, {len(body) / 1e6:.1f} MB; the server's peak {mb(server_peak)}; "
              f"bookings answered meanwhile {answers}")

        restored = os.path.join(work, "restored")
        restore_env = dict(env, SAMITI_DATA_DIR=restored)
        restore_env.pop("DATABASE_URL", None)
        seconds, peak, said = run(["restore", out], restore_env)
        print(f"samiti restore into a fresh SQLite folder: {seconds:.1f} s, its peak memory {mb(peak)}")
        print(f"  {said}")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
