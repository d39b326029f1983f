#!/usr/bin/env python3
"""Runs docs/DEPLOY.md as written, so that every command and file in it is known to work.

Every ```sh block runs in order in one bash session; every block with `file=PATH` is written to
that path and checked (`systemd-analyze verify` for the unit, `caddy validate` for the
Caddyfile). What stands in for a real server:
- `/` is a scratch folder: the paths the guide names (/opt/samiti, /etc/samiti, /etc/systemd,
  /etc/caddy, /var/lib/samiti…, /var/backups/samiti) are moved below it;
- `systemctl` is a shell function: `daemon-reload` verifies the unit, `enable --now`, `start`
  and `restart` run the unit's ExecStart as its User with its EnvironmentFile and
  WorkingDirectory in the background, `stop` ends it, `reload caddy` validates the Caddyfile;
- `scripts/release.sh` runs with SAMITI_PROFILE=dev (the same build, in debug mode), and the
  file it prints is copied into the folder the commands run in, as the guide says to;
- ports 8081 and 8082 are free ports; the database `samiti` is a fresh one of its own;
  `s3://samiti-files` is a fresh folder of the test store and the AWS_* lines are its settings
  (scripts/s3-server.sh; scripts/test.sh starts it).
The user `samiti` is made for real (`useradd`), as the guide does.

Usage: scripts/deploy_check.py   (needs root, curl, caddy, systemd-analyze, psql, and the S3
settings of scripts/s3-server.sh in the environment)
"""
import os, re, shutil, socket, subprocess, sys, tempfile, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUIDE = os.path.join(ROOT, "docs", "DEPLOY.md")
PATHS = ["/opt/samiti", "/etc/samiti", "/etc/systemd/system", "/etc/caddy", "/var/lib/samiti", "/var/backups/samiti"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def blocks(text):
    """(info string, body) of every fenced block."""
    return re.findall(r"^```([^\n]*)\n(.*?)^```", text, re.S | re.M)


def main():
    for tool in ["curl", "caddy", "systemd-analyze", "psql", "runuser", "useradd"]:
        if not shutil.which(tool):
            sys.exit(f"deploy check: {tool} is missing (.ci/run installs it)")
    for name in ["AWS_ENDPOINT_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]:
        if name not in os.environ:
            sys.exit(f"deploy check: {name} is not set: start the test store with scripts/s3-server.sh")
    scratch = tempfile.mkdtemp(prefix="samiti-deploy-")
    os.chmod(scratch, 0o755)  # the service's user walks through it
    root = os.path.join(scratch, "root")
    work = os.path.join(scratch, "work")
    os.makedirs(work)
    ports = {"8081": str(free_port()), "8082": str(free_port())}
    database = f"samiti_deploy_{uuid.uuid4().hex[:12]}"
    bucket = f"s3://{os.environ.get('SAMITI_TEST_S3_BUCKET', 'samiti-test')}/deploy-{uuid.uuid4().hex[:12]}"
    store = {
        "AWS_ENDPOINT_URL": os.environ["AWS_ENDPOINT_URL"],
        "AWS_REGION": os.environ.get("AWS_REGION", "garage"),
        "AWS_ACCESS_KEY_ID": os.environ["AWS_ACCESS_KEY_ID"],
        "AWS_SECRET_ACCESS_KEY": os.environ["AWS_SECRET_ACCESS_KEY"],
    }

    def local(text):
        for path in PATHS:
            text = re.sub(re.escape(path) + r"(?=[/\s'\"-]|$)", root + path, text)
        for port, mine in ports.items():
            text = text.replace(f"127.0.0.1:{port}", f"127.0.0.1:{mine}")
        text = text.replace("s3://samiti-files", bucket)
        text = text.replace("5432/samiti", f"5432/{database}").replace("CREATE DATABASE samiti'", f"CREATE DATABASE {database}'")
        for name, value in store.items():
            text = re.sub(rf"^{name}=.*$", f"{name}={value}", text, flags=re.M)
        return text.replace("scripts/release.sh", f"SAMITI_PROFILE=dev {ROOT}/scripts/release.sh")

    unit = os.path.join(root, "etc/systemd/system/samiti.service")
    caddyfile = os.path.join(root, "etc/caddy/Caddyfile")
    script = [
        "set -euo pipefail",
        f"cd {work}",
        f"UNIT={unit}",
        f"CADDYFILE={caddyfile}",
        f"PIDFILE={scratch}/service.pid",
        # The unit's command, as its user, with its settings and folder.
        "start_unit() {",
        "  local user dir envfile exec",
        "  user=$(sed -n 's/^User=//p' \"$UNIT\"); dir=$(sed -n 's/^WorkingDirectory=//p' \"$UNIT\")",
        "  envfile=$(sed -n 's/^EnvironmentFile=//p' \"$UNIT\"); exec=$(sed -n 's/^ExecStart=//p' \"$UNIT\")",
        f"  (cd \"$dir\" && runuser -u \"$user\" -- env $(cat \"$envfile\" | xargs) $exec >>{scratch}/service.log 2>&1 & echo $! >\"$PIDFILE\")",
        "}",
        "stop_unit() {",
        "  if [ -f \"$PIDFILE\" ]; then pkill -TERM -P \"$(cat \"$PIDFILE\")\" 2>/dev/null || true; kill \"$(cat \"$PIDFILE\")\" 2>/dev/null || true;",
        "    for i in $(seq 1 50); do pgrep -P \"$(cat \"$PIDFILE\")\" >/dev/null 2>&1 || break; sleep 0.1; done; rm -f \"$PIDFILE\"; fi",
        "}",
        "systemctl() {",
        "  case \"$1\" in",
        "    daemon-reload) systemd-analyze verify \"$UNIT\" ;;",
        "    enable) [ \"${2:-}\" = --now ] && start_unit ;;",
        "    start) start_unit ;;",
        "    restart) stop_unit; start_unit ;;",
        "    stop) stop_unit ;;",
        "    reload) [ \"$2\" = caddy ] && caddy validate --config \"$CADDYFILE\" --adapter caddyfile ;;",
        "    *) echo \"systemctl $* is not stood in for\" >&2; return 1 ;;",
        "  esac",
        "}",
        "trap stop_unit EXIT",
    ]
    with open(GUIDE) as guide:
        text = guide.read()
    files = 0
    for info, body in blocks(text):
        words = info.split()
        target = next((w[len("file="):] for w in words if w.startswith("file=")), None)
        if target:
            path = root + target
            script.append(f"mkdir -p {os.path.dirname(path)}")
            script.append(f"cat >{path} <<'DEPLOY_FILE_END'\n{local(body)}DEPLOY_FILE_END")
            files += 1
        elif words and words[0] == "sh":
            body = local(body)
            if "release.sh" in body:
                # The guide: "Copy that one file to the server", into the folder the commands run in.
                body = body.replace(f"SAMITI_PROFILE=dev {ROOT}/scripts/release.sh", f"cp \"$(SAMITI_PROFILE=dev {ROOT}/scripts/release.sh)\" samiti")
            script.append(body)
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-qc", f"DROP DATABASE IF EXISTS {database}"], check=True)
    try:
        result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=work)
        if result.returncode != 0:
            log = os.path.join(scratch, "service.log")
            if os.path.exists(log):
                sys.stderr.write(open(log).read()[-4000:])
            sys.exit(f"deploy check: docs/DEPLOY.md failed (exit {result.returncode})")
        print(f"deploy check: docs/DEPLOY.md ran whole ({files} files written and checked, the rest run)")
    finally:
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-qc", f"DROP DATABASE IF EXISTS {database} WITH (FORCE)"])
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
