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
    found = [a for a in machine_addresses() if a not in LOOPBACK and not a.lower().startswith("fe80")]
    # 0.0.0.0 listens on IPv4 alone: an IPv6 address printed would not connect. "::" takes both.
    return [a for a in found if ":" not in a] if host == "0.0.0.0" else found


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


# What a proxy puts in a request it passes on; a request with none of them came straight to us.
PROXY_HEADERS = ("forwarded", "x-forwarded-for", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "via")


def is_loopback(address: str) -> bool:
    """Whether a peer's address is this machine's own loopback (an IPv4 one as IPv6 gives it, too:
    ``::ffff:127.0.0.1``, a laptop's own request to a server listening on ``::``)."""
    if address == "localhost":
        return True
    try:
        parsed = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    mapped = parsed.ipv4_mapped if isinstance(parsed, ipaddress.IPv6Address) else None
    return bool(parsed.is_loopback or (mapped is not None and mapped.is_loopback))


def forwarded_client(headers: dict[str, str]) -> str | None:
    """Who the proxies say sent a request: walking ``Forwarded: for=`` (else ``X-Forwarded-For``,
    else ``X-Real-IP``) from the nearest proxy's entry back, the first address that is not this
    machine's (a proxy on the laptop is trusted to say whom it saw; anything before it is the
    sender's own word), or this machine's where every entry is; "" where a proxy's headers are there
    but name no one; None where there are none (the request came straight)."""
    if not any(name in headers for name in PROXY_HEADERS):
        return None
    forwarded = headers.get("forwarded", "")
    chain = [part.split("=", 1)[1] for element in forwarded.split(",") for part in element.split(";")
             if part.strip().lower().startswith("for=")]  # fmt: skip
    if not chain:
        chain = [entry for entry in headers.get("x-forwarded-for", "").split(",") if entry.strip()]
    if not chain and headers.get("x-real-ip", "").strip():
        chain = [headers["x-real-ip"]]
    addresses = [_bare(entry) for entry in chain]
    return next((a for a in reversed(addresses) if not is_loopback(a)), addresses[0] if addresses else "")


def _bare(address: str) -> str:
    """An address without its quotes, brackets or port: ``"[::1]:4711"`` -> ``::1``."""
    text = address.strip().strip('"')
    if text.startswith("["):
        return text[1 : text.find("]")] if "]" in text else text
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text
