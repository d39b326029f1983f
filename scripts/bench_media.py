#!/usr/bin/env python3
"""Benchmark: photo uploads and what a phone downloads for a gallery page.

Starts `samiti serve` (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN is set) with a fresh
data folder on 127.0.0.1:8891 (BENCH_MEDIA_PORT to change), makes 12-megapixel photo-like JPEGs
with `backend/examples/make_photo.rs` (built if missing), then prints:
- the time of one upload of a 12-megapixel JPEG through POST /api/gallery (median of 5; the
  server judges the file, strips its metadata and makes the 320/640/1280 WebP variants);
- for a gallery page of 40 such photos, the bytes a phone downloads (the 640-wide variants the
  grid uses) against the bytes of the originals.
Figures only: nothing here passes or fails.

Usage: scripts/bench_media.py [PHOTOS]   (default 40)
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request, uuid

PHOTOS = int(sys.argv[1]) if len(sys.argv) > 1 else 40
PORT = int(os.environ.get("BENCH_MEDIA_PORT", "8891"))
BASE = f"http://127.0.0.1:{PORT}"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/samiti-target"))
BIN = os.environ.get("SAMITI_BIN") or os.path.join(TARGET, "debug", "samiti")
MAKE_PHOTO = os.path.join(TARGET, "debug", "examples", "make_photo")
DISTINCT = 4  # distinct photos, cycled: the server does not deduplicate, so each upload is whole work


def call(method, path, body=None, token=None, content_type="application/json"):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", content_type)
    if token:
        req.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=600) as resp:
        return resp.status, dict(resp.headers), resp.read()


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


def main():
    if not os.path.exists(MAKE_PHOTO):
        subprocess.run(["cargo", "build", "-q", "-p", "samiti", "--example", "make_photo"], cwd=ROOT, check=True)
    work = tempfile.mkdtemp(prefix="samiti-bench-media-")
    photos = []
    for seed in range(DISTINCT):
        path = os.path.join(work, f"photo{seed}.jpg")
        subprocess.run([MAKE_PHOTO, path, "4000", "3000", str(seed + 1)], check=True, stdout=subprocess.DEVNULL)
        with open(path, "rb") as f:
            photos.append(f.read())
    env = dict(os.environ, SAMITI_DATA_DIR=os.path.join(work, "data"), SAMITI_BIND=f"127.0.0.1:{PORT}",
               SAMITI_MAX_UPLOAD_BYTES=str(40 * 1024 * 1024), RUST_LOG="warn", SAMITI_RATE_LIMITS="off")
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen([BIN, "serve"], env=env)
    try:
        for _ in range(100):
            try:
                call("GET", "/api/gallery")
                break
            except OSError:
                time.sleep(0.1)
        call("POST", "/api/admin/register", {"email": "bench@example.org", "password": "bench-password"})
        token = json.loads(call("POST", "/api/admin/login", {"email": "bench@example.org", "password": "bench-password"})[2])["token"]

        def upload(i):
            body, content_type = multipart({"description": f"Photo {i}"}, [("image", (f"IMG_{i}.jpg", photos[i % DISTINCT]))])
            start = time.perf_counter()
            status, _, _ = call("POST", "/api/gallery", body, token, content_type)
            assert status == 201, status
            return (time.perf_counter() - start) * 1000

        sizes = ", ".join(f"{len(p) / 1e6:.2f} MB" for p in photos)
        print(f"12-megapixel photo-like JPEGs (4000x3000, quality 90): {sizes}")
        times = [upload(i) for i in range(5)]
        print(f"upload of one 12-megapixel JPEG (POST /api/gallery): median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}; debug build)")
        for i in range(5, PHOTOS):
            upload(i)

        _, _, body = call("GET", f"/api/gallery?per_page={PHOTOS}")
        items = json.loads(body)
        originals = sum(item["bytes"] for item in items)
        grid = 0
        for item in items:
            variant = next(v for v in item["variants"] if v["width"] == 640)
            _, headers, data = call("GET", variant["url"])
            grid += len(data)
        _, _, listing = call("GET", f"/api/gallery?per_page={PHOTOS}")
        print(f"gallery page of {len(items)} photos: the phone downloads {grid / 1e6:.2f} MB of 640-wide WebP "
              f"(+ {len(listing) / 1e3:.0f} kB of list JSON) instead of {originals / 1e6:.1f} MB of originals: "
              f"{100 * grid / originals:.1f}% ({originals / grid:.0f}x less)")
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
