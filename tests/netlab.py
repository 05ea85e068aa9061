"""A network lab for playing with friends between two homes (tests/test_lab_friends.py).

Linux network namespaces made (and removed) by the test, as root; nothing outside them is
touched but ``/etc/netns/<ns>/`` (each home's resolv.conf, removed at teardown). Their
names start with ``dl-`` (``dlgw1-`` … under a pytest-xdist worker: one lab per worker)::

    home A (dl-ha, 10.1.0.2) ── router A (dl-ra: NAT) ──┐
                                                       ├── "internet" (dl-inet, 198.51.100.0/24)
    home B (dl-hb, 10.2.0.2) ── router B (dl-rb: NAT) ──┘     .2  STUN (coturn) :19302
                                                              .3  TURN (coturn) :3478
                                                              .4  PeerJS server, TLS :443
                                                              .53 DNS (dnsmasq)

* The routers masquerade the home's traffic and drop everything unsolicited from the
  internet side (``ct state established,related`` only), as home routers do; ``cone``
  keeps the source port where it can (a port-restricted cone NAT), ``symmetric`` maps every
  new destination to a random port (``fully-random``), which defeats STUN.
* The DNS answers the names the page's defaults use (``web.roomlink.CLOUD_SERVER`` and
  ``DEFAULT_ICE``: the PeerJS cloud, Google's STUN, PeerJS's TURN) with the lab's servers,
  so the defaults themselves are what is tested; any other name is NXDOMAIN.
* Each home serves the site on its own 127.0.0.1 (like a page from GitHub Pages cached
  in each browser) and runs its own Chromium (``ip netns exec``, which bind-mounts
  ``/etc/netns/<ns>/resolv.conf``); the lab's TLS certificate is a throwaway one, so the
  lab's Chromium runs with ``--ignore-certificate-errors`` (only here).

The NAT and filter rules go in through libnftables (``nft`` commands, via ctypes: no
``nft``/``iptables`` binary is needed). Every wait is bounded; :meth:`Lab.close` undoes
everything and is safe to call twice or after a half-made lab.
"""

from __future__ import annotations

import ctypes.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the lab's namespaces are named after the test worker (pytest-xdist's ``gw0``, ``gw1`` …):
#: two workers that both run lab tests build two labs side by side, neither tears down
#: the other's (inside its namespaces each lab has the same addresses)
WORKER = "".join(c for c in os.environ.get("PYTEST_XDIST_WORKER", "") if c.isalnum())[-4:]
PREFIX = f"dl{WORKER}-"
INET, RA, RB, HA, HB = (PREFIX + n for n in ("inet", "ra", "rb", "ha", "hb"))
NAMESPACES = (INET, RA, RB, HA, HB)
STUN_IP, TURN_IP, PEER_IP, DNS_IP, GATE_IP = (
    "198.51.100.2",
    "198.51.100.3",
    "198.51.100.4",
    "198.51.100.53",
    "198.51.100.1",
)
WAN = {RA: "198.51.100.10", RB: "198.51.100.20"}
LAN = {RA: ("10.1.0.1", "10.1.0.2", HA), RB: ("10.2.0.1", "10.2.0.2", HB)}
#: the names the page's defaults use, answered with the lab's servers
NAMES = {
    "0.peerjs.com": PEER_IP,
    "stun.l.google.com": STUN_IP,
    "eu-0.turn.peerjs.com": TURN_IP,
    "us-0.turn.peerjs.com": TURN_IP,
}
TURN_USER, TURN_PASSWORD = "peerjs", "peerjsp"  # web.roomlink.DEFAULT_ICE's
SITE_PORT = 8765
LIFETIME_S = 900  # every server is killed by `timeout` even if pytest dies without teardown
CHROMIUM = Path("/usr/bin/chromium")
PEER_BIN = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"

# libnftables, through ctypes (used inside a namespace by `python3 netlab.py nft <ns>`)
_NFT_SCRIPT = """
import ctypes, sys
lib = ctypes.CDLL("libnftables.so.1")
lib.nft_ctx_new.restype = ctypes.c_void_p
lib.nft_ctx_new.argtypes = [ctypes.c_uint32]
lib.nft_run_cmd_from_buffer.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
ctx = lib.nft_ctx_new(0)
sys.exit(0 if lib.nft_run_cmd_from_buffer(ctx, sys.stdin.read().encode()) == 0 else 1)
"""


class LabError(RuntimeError):
    pass


def problem() -> str | None:
    """Why the lab cannot be built here (None: it can)."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "the lab builds network namespaces and needs root"
    for tool, hint in (
        ("ip", "iproute2"),
        ("turnserver", "apt-get install coturn"),
        ("dnsmasq", "apt-get install dnsmasq-base"),
        ("node", "Node.js >= 20"),
        ("openssl", "apt-get install openssl"),
        ("timeout", "coreutils"),
    ):
        if shutil.which(tool) is None and not Path("/usr/sbin", tool).exists():
            return f"{tool} is missing ({hint})"
    if ctypes.util.find_library("nftables") is None:
        return "libnftables is missing (apt-get install libnftables1)"
    if not PEER_BIN.is_file():
        return f"{PEER_BIN.relative_to(ROOT)} is missing (python scripts/vendor.py)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        run("ip", "netns", "add", PREFIX + "probe")
        run("ip", "netns", "del", PREFIX + "probe")
    except LabError as e:
        return f"cannot make a network namespace here: {e}"
    return None


def run(*cmd: str, ns: str | None = None, stdin: str | None = None, timeout: float = 20) -> str:
    """Run a command (in namespace ``ns``); LabError with its output if it fails."""
    full = ["ip", "netns", "exec", ns, *cmd] if ns else list(cmd)
    try:
        done = subprocess.run(full, input=stdin, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise LabError(f"{' '.join(full)}: no answer in {timeout} s") from None
    if done.returncode != 0:
        raise LabError(
            f"{' '.join(full)} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}"
        )
    return done.stdout


def nft(ns: str, rules: str) -> None:
    """Apply nft commands inside ``ns`` (through libnftables)."""
    run(sys.executable, "-c", _NFT_SCRIPT, ns=ns, stdin=rules)


@dataclass
class Lab:
    """The lab's namespaces, servers and home browsers' wrappers (see the module docstring)."""

    tmp: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="dernier-lab-")))
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    nat: dict[str, str] = field(default_factory=dict)  # router: cone | symmetric

    # -- building --------------------------------------------------------------------------

    def build(self) -> None:
        try:
            self._clean_stale()
            self._namespaces()
            self._servers()
        except BaseException:
            self.close()
            raise

    def _clean_stale(self) -> None:
        """Namespaces of an earlier lab that died without its teardown (ours by name)."""
        listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=False).stdout
        for line in listed.splitlines():
            name = line.split()[0] if line.split() else ""
            if name in NAMESPACES:
                subprocess.run(["ip", "netns", "del", name], check=False)

    def _namespaces(self) -> None:
        for ns in NAMESPACES:
            run("ip", "netns", "add", ns)
            run("ip", "link", "set", "lo", "up", ns=ns)
        run("ip", "link", "add", "br0", "type", "bridge", ns=INET)
        run("ip", "link", "set", "br0", "up", ns=INET)
        for ip in (GATE_IP, STUN_IP, TURN_IP, PEER_IP, DNS_IP):
            run("ip", "addr", "add", f"{ip}/24", "dev", "br0", ns=INET)
        for router, wan_ip in WAN.items():
            wan, port = f"{router}-w", f"{router}-p"
            run(
                "ip", "link", "add", wan, "netns", router, "type", "veth", "peer", "name", port, "netns", INET
            )
            run("ip", "link", "set", port, "master", "br0", ns=INET)
            run("ip", "link", "set", port, "up", ns=INET)
            run("ip", "addr", "add", f"{wan_ip}/24", "dev", wan, ns=router)
            run("ip", "link", "set", wan, "up", ns=router)
            gate, home_ip, home = LAN[router]
            lan, eth = f"{router}-l", f"{home}-e"
            run("ip", "link", "add", lan, "netns", router, "type", "veth", "peer", "name", eth, "netns", home)
            run("ip", "addr", "add", f"{gate}/24", "dev", lan, ns=router)
            run("ip", "link", "set", lan, "up", ns=router)
            run("ip", "addr", "add", f"{home_ip}/24", "dev", eth, ns=home)
            run("ip", "link", "set", eth, "up", ns=home)
            run("ip", "route", "add", "default", "via", gate, ns=home)
            run("sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward", ns=router)
            self.set_nat(router, "cone")
            etc = Path("/etc/netns") / home
            etc.mkdir(parents=True, exist_ok=True)
            (etc / "resolv.conf").write_text(f"nameserver {DNS_IP}\noptions timeout:1 attempts:2\n")

    def set_nat(self, router: str, kind: str) -> None:
        """The router's NAT: ``cone`` (source ports kept where they can be) or ``symmetric``
        (``fully-random``: a new port for every destination); unsolicited traffic from the
        internet is dropped either way, also to the router itself (answering it, even with
        an ICMP error, would leave a conntrack entry that moves the home's next mapping to
        another port). ``down``: the router drops everything (the home's
        line is cut)."""
        wan, lan = f"{router}-w", f"{router}-l"
        mode = " fully-random" if kind == "symmetric" else ""
        if kind == "down":
            rules = (
                "table inet lab {\n  chain pass {\n    type filter hook forward priority 0; policy drop;\n"
            )
            rules += "  }\n}\n"
        else:
            rules = f"""table ip lab {{
  chain postrouting {{
    type nat hook postrouting priority 100;
    oifname "{wan}" masquerade{mode}
  }}
}}
table inet labfilter {{
  chain pass {{
    type filter hook forward priority 0; policy drop;
    ct state established,related accept
    iifname "{lan}" oifname "{wan}" accept
  }}
  chain mine {{
    type filter hook input priority 0; policy drop;
    ct state established,related accept
    iifname {{ "lo", "{lan}" }} accept
  }}
}}
"""
        nft(router, "flush ruleset\n" + rules)
        self.nat[router] = kind

    def _start(self, name: str, ns: str, *cmd: str) -> None:
        log = open(self.tmp / f"{name}.log", "wb")  # noqa: SIM115 - kept open by the process
        full = ["ip", "netns", "exec", ns, "timeout", "-s", "KILL", str(LIFETIME_S), *cmd]
        self.procs[name] = subprocess.Popen(
            full,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()

    def _wait_tcp(self, ns: str, host: str, port: int, what: str, timeout_s: float = 60) -> None:
        probe = f"import socket; socket.create_connection(({host!r}, {port}), 1).close()"
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                run(sys.executable, "-c", probe, ns=ns, timeout=5)
                return
            except LabError:
                if time.monotonic() > deadline:
                    raise LabError(f"{what} did not start:\n{self.log(what)}") from None
                time.sleep(0.2)

    def log(self, name: str) -> str:
        path = self.tmp / f"{name}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def _servers(self) -> None:
        key, cert = self.tmp / "lab.key", self.tmp / "lab.crt"
        names = ",".join(f"DNS:{n}" for n in NAMES)
        run(
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-keyout", str(key), "-out", str(cert), "-subj", "/CN=0.peerjs.com",
            "-addext", f"subjectAltName={names}",
        )  # fmt: skip
        dns = ["dnsmasq", "--no-daemon", "--no-resolv", "--no-hosts", "--bind-interfaces"]
        dns += [f"--listen-address={DNS_IP}", "--log-queries", "--pid-file=" + str(self.tmp / "dns.pid")]
        dns += [f"--address=/{name}/{ip}" for name, ip in NAMES.items()] + ["--address=/#/"]
        dns += ["--user=root", "--group=root"]
        self._start("dns", INET, *dns)
        common = ["-n", "--no-cli", "--no-tls", "--no-dtls", "--log-file=stdout", "--simple-log"]
        self._start(
            "stun", INET, "turnserver", *common, "--stun-only", f"--listening-ip={STUN_IP}",
            "--listening-port=19302",
            f"--pidfile={self.tmp / 'stun.pid'}",
        )  # fmt: skip
        self._start(
            "turn", INET, "turnserver", *common, f"--listening-ip={TURN_IP}", f"--relay-ip={TURN_IP}",
            "--listening-port=3478", "--lt-cred-mech", f"--user={TURN_USER}:{TURN_PASSWORD}", "--realm=lab",
            "--min-port=49152", "--max-port=49999", f"--pidfile={self.tmp / 'turn.pid'}",
            f"--userdb={self.tmp / 'turndb'}",
        )  # fmt: skip
        self._start(
            "peerjs", INET, "node", str(PEER_BIN), "--host", PEER_IP, "--port", "443", "--path", "/",
            "--sslkey", str(key), "--sslcert", str(cert),
        )  # fmt: skip
        for home in (HA, HB):
            self._start(
                f"site-{home}", home, sys.executable, "scripts/serve.py", "--port", str(SITE_PORT), "--quiet"
            )
        self._wait_tcp(INET, PEER_IP, 443, "peerjs")
        self._wait_tcp(INET, TURN_IP, 3478, "turn")
        for home in (HA, HB):
            self._wait_tcp(home, "127.0.0.1", SITE_PORT, f"site-{home}")
        for name, ip in NAMES.items():  # the homes' DNS answers the defaults' names
            got = run(sys.executable, "-c", f"import socket; print(socket.gethostbyname({name!r}))", ns=HA)
            if got.strip() != ip:
                raise LabError(f"the lab's DNS answers {name} with {got.strip()!r}, not {ip}")

    # -- using ---------------------------------------------------------------------------

    def site(self) -> str:
        """The site's base URL, the same in every home."""
        return f"http://127.0.0.1:{SITE_PORT}/"

    def chromium(self, home: str) -> str:
        """A wrapper that runs Chromium inside ``home`` (Playwright's executable_path)."""
        path = self.tmp / f"chromium-{home}"
        path.write_text(f'#!/bin/sh\nexec ip netns exec {home} {CHROMIUM} "$@"\n')
        path.chmod(0o755)
        return str(path)

    def dns_asked(self) -> set[str]:
        """The names the homes asked the lab's DNS for."""
        asked = set()
        path = self.tmp / "dns.log"
        for line in path.read_text(errors="replace").splitlines():
            if "query[" in line:
                asked.add(line.split("] ", 1)[1].split(" from ")[0])
        return asked

    # -- teardown ------------------------------------------------------------------------

    def close(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    continue
        for proc in self.procs.values():
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
        self.procs.clear()
        for ns in NAMESPACES:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, check=False)
            shutil.rmtree(Path("/etc/netns") / ns, ignore_errors=True)
        shutil.rmtree(self.tmp, ignore_errors=True)
