"""Which address of this device the phones can reach, found without sending anything on the network.

The table's network interfaces are listed and their IPv4 addresses read from the system (Linux, as on the Pi);
wireless and wired interfaces come first, and virtual ones (containers, VPNs, bridges) last. With no network at
all the loopback address is used: the codes then only work on the device itself, and the screen says so.
``$COMPANION_PHONE_ADDRESS`` chooses the address by hand (a table on two networks), ``$COMPANION_PHONE_PORT``
the port.
"""

from __future__ import annotations

import fcntl
import ipaddress
import os
import socket
import struct

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8765
_SIOCGIFADDR = 0x8915
_PREFERRED = ("wlan", "wl", "eth", "en")
_VIRTUAL = ("lo", "docker", "veth", "br-", "virbr", "tun", "tap", "tailscale", "zt", "wg")


def interface_addresses() -> list[tuple[str, str]]:
    """Every (interface, IPv4 address) this device has, as the system reports them."""
    found = []
    for _, name in socket.if_nameindex():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # the interface has no IPv4 address (or is down)
                continue
        found.append((name, socket.inet_ntoa(packed[20:24])))
    return found


def choose_address(addresses: list[tuple[str, str]]) -> str:
    """The address phones on the same network are most likely to reach: a private address of a wireless or
    wired interface first, then any other non-loopback one, else loopback."""
    def rank(item: tuple[str, str]) -> tuple[int, int]:
        name, address = item
        kind = 0 if name.startswith(_PREFERRED) else 2 if name.startswith(_VIRTUAL) else 1
        return kind, 0 if ipaddress.ip_address(address).is_private else 1

    usable = [a for a in addresses if not ipaddress.ip_address(a[1]).is_loopback]
    return min(usable, key=rank)[1] if usable else LOOPBACK


def phone_address() -> str:
    """The address to listen on and to put in the codes (``$COMPANION_PHONE_ADDRESS`` when set)."""
    chosen = os.environ.get("COMPANION_PHONE_ADDRESS", "").strip()
    if chosen:
        return chosen
    try:
        return choose_address(interface_addresses())
    except OSError:
        return LOOPBACK


def phone_port() -> int:
    """The port to listen on (``$COMPANION_PHONE_PORT`` when it is a number, else 8765; 0 means any free port)."""
    text = os.environ.get("COMPANION_PHONE_PORT", "").strip()
    return int(text) if text.isdigit() and int(text) < 65536 else DEFAULT_PORT
