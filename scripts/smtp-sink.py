"""A real SMTP server for the mail tests (aiosmtpd), on loopback.

    smtp-sink.py --port P --dir D [--mode ok|tempfail|permfail] [--auth USER:PASSWORD]

Every message accepted is written whole, as received, to D/<n>.eml (written to a temporary
name and renamed, so a reader never sees half a message), with the envelope's recipients in an
`X-Envelope-To` line above it. `tempfail` answers 451 to every message and `permfail` 550;
`--auth` advertises AUTH (over plain text: loopback only) and refuses other credentials (535).
The mode can be changed while it runs by writing it to D/mode.
"""
import argparse
import asyncio
import itertools
import os
import signal

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Sink:
    def __init__(self, folder, mode):
        self.folder = folder
        self.mode = mode
        self.counter = itertools.count(1)

    def current_mode(self):
        try:
            with open(os.path.join(self.folder, "mode")) as f:
                return f.read().strip() or self.mode
        except FileNotFoundError:
            return self.mode

    async def handle_DATA(self, server, session, envelope):
        mode = self.current_mode()
        if mode == "tempfail":
            return "451 4.3.0 Try again later"
        if mode == "permfail":
            return "550 5.1.1 No such mailbox"
        n = next(self.counter)
        name = os.path.join(self.folder, f"{os.getpid()}-{n:06d}.eml")
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8")
        with open(name + ".part", "wb") as f:
            f.write(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n")
            f.write(data)
        os.rename(name + ".part", name)
        return "250 2.0.0 Accepted"


def authenticator(expected):
    def check(server, session, envelope, mechanism, auth_data):
        if isinstance(auth_data, LoginPassword):
            given = (auth_data.login.decode(), auth_data.password.decode())
            if given == expected:
                return AuthResult(success=True)
        return AuthResult(success=False, handled=False)

    return check


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--mode", default="ok", choices=["ok", "tempfail", "permfail"])
    parser.add_argument("--auth")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    options = {}
    if args.auth:
        user, password = args.auth.split(":", 1)
        options = dict(authenticator=authenticator((user, password)), auth_required=True, auth_require_tls=False)
    controller = Controller(Sink(args.dir, args.mode), hostname="127.0.0.1", port=args.port,
                            data_size_limit=20 * 1024 * 1024, **options)
    controller.start()
    # Ready: the port answers (the tests wait for this line).
    print("ready", flush=True)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.run_until_complete(stop.wait())
    controller.stop()


if __name__ == "__main__":
    main()
