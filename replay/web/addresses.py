"""The names and addresses ``taikyoku serve`` answers to and hands out: the loopback names, the
address it listens on, and, listening on every address, each of the machine's own (read from the
kernel's tables on Linux) and its host name."""

from __future__ import annotations

import ipaddress
import itertools
import socket
from pathlib import Path

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
EVERYWHERE = ("0.0.0.0", "::", "")  # listening on every address


def phone_addresses(host: str) -> list[str]:
    """The addresses a phone on the club's network can open: the one listened on, or listening on
    every address, each of the machine's own but the loopback and link-local ones."""
    if host not in EVERYWHERE:
        return [host]
    return [a for a in machine_addresses() if a not in LOOPBACK and not a.lower().startswith("fe80")]


def url_host(host: str) -> str:
    """A host as a URL writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def served_hosts(host: str) -> frozenset[str]:
    """The names a request may give in its Host header: the loopback names, the address listened
    on, and, listening on every address (0.0.0.0 or ::), each of the machine's own and its name."""
    names = set(LOOPBACK)
    if host not in EVERYWHERE:
        names.add(host.strip("[]").lower())
    else:
        names |= set(machine_addresses())
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local"}
    return frozenset(names)


def machine_addresses() -> list[str]:
    """This machine's own addresses, IPv4 first (read from the kernel's tables on Linux)."""
    found: list[str] = []
    try:  # /proc/net/fib_trie lists each local IPv4 address on a "/32 host LOCAL" line after it
        lines = Path("/proc/net/fib_trie").read_text().splitlines()
        for before, line in itertools.pairwise(lines):
            if "/32 host LOCAL" in line:
                address = before.strip().removeprefix("|-- ")
                if address not in found:
                    found.append(address)
    except OSError:
        pass
    try:
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            raw = line.split()[0]
            address = ":".join(raw[i : i + 4] for i in range(0, 32, 4))
            shown = str(ipaddress.IPv6Address(address))
            if shown not in found:
                found.append(shown)
    except (OSError, ValueError, IndexError):
        pass
    if not found:
        try:
            found = sorted({str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)})
        except OSError:
            found = []
    return found


def host_name(value: str) -> str:
    """The host of a Host header, an Origin or a URL: lower-case, without scheme, port, path or an
    IPv6 literal's brackets."""
    value = value.strip().lower().split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1]
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value[1:]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value
