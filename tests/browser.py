"""Headless Chromium over the DevTools protocol (websocket-client), for report tests.

Opens a page, collects console errors, uncaught exceptions and every network request,
checks that each image decoded, and takes a screenshot. Bounded: every wait has a timeout.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websocket

TIMEOUT_S = 60.0


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class PageCheck:
    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    screenshot: Path | None = None
    #: the value of each expression given to :func:`check_page`, evaluated once loaded
    values: dict[str, Any] = field(default_factory=dict)


class _Session:
    def __init__(self, ws_url: str) -> None:
        self.ws = websocket.create_connection(ws_url, timeout=TIMEOUT_S, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)
        raise TimeoutError(method)

    def wait_for(self, method: str) -> None:
        deadline = time.monotonic() + TIMEOUT_S
        if any(e.get("method") == method for e in self.events):
            return
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv())
            self.events.append(msg)
            if msg.get("method") == method:
                return
        raise TimeoutError(method)


def check_page(html: Path, screenshot: Path,
               evaluate: dict[str, str] | None = None) -> PageCheck:
    """Load ``html`` in headless Chromium and report what a person's browser would show;
    ``evaluate`` names JavaScript expressions whose values (JSON) come back in ``values``."""
    exe = chromium_path()
    if exe is None:
        raise FileNotFoundError("chromium")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + TIMEOUT_S
            while not port_file.exists() or not port_file.read_text().strip():
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise TimeoutError("chromium did not open its DevTools port")
                time.sleep(0.1)
            port = port_file.read_text().split()[0]
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list",
                                        timeout=TIMEOUT_S) as resp:
                targets = json.load(resp)
            page = next(t for t in targets if t.get("type") == "page")
            s = _Session(page["webSocketDebuggerUrl"])
            try:
                for domain in ("Page", "Runtime", "Log", "Network"):
                    s.call(f"{domain}.enable")
                s.call("Page.navigate", url=html.resolve().as_uri())
                s.wait_for("Page.loadEventFired")
                images = s.call("Runtime.evaluate", returnByValue=True, expression=(
                    "Array.from(document.images).map(i => ({src: i.src.slice(0, 40), "
                    "complete: i.complete, width: i.naturalWidth, height: i.naturalHeight}))"
                ))["result"]["value"]
                values = {name: s.call("Runtime.evaluate", returnByValue=True,
                                       expression=expr)["result"].get("value")
                          for name, expr in (evaluate or {}).items()}
                shot = s.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                screenshot.write_bytes(base64.b64decode(shot["data"]))
                s.call("Runtime.evaluate", expression="0")  # flush pending events
            finally:
                s.ws.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
    out = PageCheck(images=images, screenshot=screenshot, values=values)
    for e in s.events:
        method, p = e.get("method"), e.get("params", {})
        if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            out.console_errors.append(json.dumps(p.get("args", []))[:200])
        elif method == "Runtime.exceptionThrown":
            out.console_errors.append(str(p.get("exceptionDetails", {}).get("text")))
        elif method == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            out.console_errors.append(str(p["entry"].get("text")))
        elif method == "Network.requestWillBeSent":
            out.requests.append(str(p.get("request", {}).get("url", ""))[:80])
    return out
