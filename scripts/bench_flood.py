#!/usr/bin/env python3
"""Benchmark: the public forms flooded from one address, with the per-address limits off (as
before they existed) and on (production).

For each mode, starts `samiti serve` (the debug build in $CARGO_TARGET_DIR unless SAMITI_BIN is
set) on a fresh SQLite database (PostgreSQL with BENCH_POSTGRES, as in bench_hashing.py), by
bench_hashing.start_server, then floods each public write in turn for SECONDS seconds from
8 threads with valid, distinct bodies: contacts, subscriptions, family registrations, room
bookings, matrimonial accounts and profiles (with a 60 KB photo). Prints per form what was saved
(2xx), refused 429 and anything else, the rate, and the bytes of stored files. A 429 is
answered before the body is read, and the server then closes the connection rather than read an
unwanted body: the request a thread had already sent on it counts as "closed".
Figures only: nothing here passes or fails (the regression tests are tests/api/rate_limits.rs).

Usage: scripts/bench_flood.py [SECONDS]   (default 10)
"""
import datetime, http.client, itertools, json, os, shutil, socket, struct, sys, tempfile, threading, time, zlib

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 10
THREADS = 8
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_hashing  # noqa: E402  (starts the server: SAMITI_BIN, BENCH_POSTGRES)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def png(width, height):
    """A noisy RGB PNG (noise so that it does not compress away)."""
    rows = b"".join(b"\0" + os.urandom(width * 3) for _ in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PHOTO = png(140, 140)
DAY = lambda days: (datetime.date.today() + datetime.timedelta(days=days)).isoformat()
BORN = (datetime.date.today() - datetime.timedelta(days=365 * 30)).isoformat()


def mobile(n):
    return f"9{n:09d}"[:10]


def contact(n):
    return "/api/contacts", {"full_name": "सुरेश पाटील", "email": "s@example.org", "message": f"नमस्कार {n}"}


def subscription(n):
    return "/api/subscribers", {"value": f"s{n}@example.org"}


def family(n):
    head = {"firstName": "सुरेश", "middleName": "रामचंद्र", "lastName": "क्षीरसागर", "surname": "क्षीरसागर",
            "fatherName": "रामचंद्र", "motherName": "सीता", "dob": "1970-05-14", "age": "55", "sex": "Male",
            "education": "बी.कॉम.", "occupation": "शेती", "status": "Married", "workAddress": "सोलापूर",
            "whatsapp": mobile(n), "area": "भवानी पेठ"}
    return "/api/members/register", {"head": head, "familyMembers": []}


def booking(n):
    return "/api/bookings", {"fullName": "Suresh Patil", "email": "s@example.org", "phone": "9876543210",
                             "checkIn": DAY(10), "checkOut": DAY(11), "guests": 1, "roomType": "standard",
                             "specialRequests": f"{n}"}


def account(n):
    return "/api/matrimony/register", {"profile_for": "Son", "email": f"m{n}@example.org", "mobile": mobile(n),
                                       "password": "Plain-Secret-42"}


def profile(n):
    fields = {"profile_for": "Son", "name": "Suresh Patil", "gender": "Male", "dob": BORN, "email": f"p{n}@example.org",
              "mobile": mobile(n), "religion": "Hindu", "caste": "Padmashali", "occupation": "Engineer",
              "education": "B.E.", "location": "Pune",
              "height": "5'8\"", "about": "शांत स्वभाव"}
    boundary = "benchflood"
    parts = [f'--{boundary}\r\ncontent-disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields.items()]
    parts.append(f'--{boundary}\r\ncontent-disposition: form-data; name="profile_photo"; filename="p.png"\r\n'
                 f'content-type: image/png\r\n\r\n'.encode() + PHOTO + b"\r\n")
    return "/api/profile/register", (b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}")


FORMS = [("contacts", contact), ("subscriptions", subscription), ("families", family),
         ("room bookings", booking), ("matrimonial accounts", account), ("profiles", profile)]


def flood(port, make):
    counter = itertools.count()
    statuses, lock = {}, threading.Lock()
    deadline = time.monotonic() + SECONDS

    def worker():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < deadline:
            path, body = make(next(counter))
            if isinstance(body, tuple):
                data, kind = body
            else:
                data, kind = json.dumps(body).encode(), "application/json"
            try:
                connection.request("POST", path, data, {"content-type": kind})
                response = connection.getresponse()
                response.read()
                key = response.status
            except OSError:
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                key = "closed"
            with lock:
                statuses[key] = statuses.get(key, 0) + 1

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def run(limits):
    port = free_port()
    data = tempfile.mkdtemp(prefix="samiti-bench-flood-")
    server = bench_hashing.start_server(data, port, RUST_LOG="error", SAMITI_RATE_LIMITS=limits)
    try:
        print(f"\nSAMITI_RATE_LIMITS={limits}: each form flooded for {SECONDS:.0f} s from {THREADS} threads, one address")
        print(f"  {'form':22} {'saved':>7} {'429':>7} {'other':>7} {'saved/s':>8}")
        for name, make in FORMS:
            statuses = flood(port, make)
            saved = sum(v for k, v in statuses.items() if isinstance(k, int) and 200 <= k < 300)
            refused = statuses.get(429, 0)
            other = sum(statuses.values()) - saved - refused
            print(f"  {name:22} {saved:7} {refused:7} {other:7} {saved / SECONDS:8.1f}"
                  + (f"   other: {statuses}" if other else ""), flush=True)
        print(f"  stored files: {folder_bytes(os.path.join(data, 'files')) / 1e6:.1f} MB")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    for mode in ("off", "on"):
        run(mode)
