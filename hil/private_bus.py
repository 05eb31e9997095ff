"""A private CAN bus per rig session, so two sessions on one host never share frames.

``channel = "auto"`` in a rig's ``[can]`` table asks for one: python-can ``virtual`` gets a
fresh channel name; ``udp_multicast`` gets a fresh administratively scoped IPv4 group
(239.0.0.0/8) and a UDP port the kernel reports free. A fixed channel (and ``options.port``)
shares the bus on purpose (e.g. with a process started by hand).
"""

from __future__ import annotations

import secrets
import socket
import uuid
from typing import Any


def free_udp_port() -> int:
    """A UDP port nothing on this host is bound to right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def private_channel(interface: str, channel: Any, options: dict[str, Any]
                    ) -> tuple[Any, dict[str, Any]]:
    """The channel and bus options of the session's bus (``auto`` made private)."""
    if channel != "auto":
        return channel, options
    if interface == "virtual":
        return f"cabin-{uuid.uuid4().hex[:8]}", options
    if interface == "udp_multicast":
        group = (f"239.{1 + secrets.randbelow(254)}.{secrets.randbelow(256)}."
                 f"{1 + secrets.randbelow(254)}")
        return group, {**options, "port": options.get("port", free_udp_port())}
    return channel, options
