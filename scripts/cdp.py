"""Debian's headless chromium driven through the DevTools protocol over a pipe (no network):
real input events (mouse, keys), script evaluation and screenshots. Used by browser-frames.py
and browser-drive.py."""
import base64, json, os, subprocess, time


def _child_fds(read_end, write_end):
    # In the child: the command pipe on fd 3, the answer pipe on fd 4, both kept across exec.
    r, w = os.dup(read_end), os.dup(write_end)
    os.dup2(r, 3)
    os.dup2(w, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)


class Chromium:
    def __init__(self, chromium, size=(420, 760)):
        to_r, to_w = os.pipe()      # chromium reads commands on fd 3
        from_r, from_w = os.pipe()  # and writes answers on fd 4
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--window-size={size[0]},{size[1]}", "about:blank"],
            close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(os.environ.get("CHROMIUM_LOG", os.devnull), "w"),
            preexec_fn=lambda: _child_fds(to_r, from_w))
        os.close(to_r); os.close(from_w)
        self.out = os.fdopen(to_w, "wb", buffering=0)
        self.inp = os.fdopen(from_r, "rb", buffering=0)
        self.buffer = b""
        self.counter = 0
        self.events = []   # every event seen, so one that arrives early is not missed
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", page=True)
        self.call("Runtime.enable", page=True)

    def send(self, method, params=None, page=False):
        self.counter += 1
        msg = {"id": self.counter, "method": method, "params": params or {}}
        if page: msg["sessionId"] = self.session
        self.out.write(json.dumps(msg).encode() + b"\0")
        return self.counter

    def wait(self, ident, timeout=20, event=None):
        """The answer to command `ident`, or (with `event`) the first event of that name."""
        end = time.time() + timeout
        if event is not None:
            for i, e in enumerate(self.events):
                if e.get("method") == event:
                    del self.events[i]
                    return e.get("params", {})
        while time.time() < end:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                msg = json.loads(raw)
                if event is not None and msg.get("method") == event:
                    return msg.get("params", {})
                if "method" in msg: self.events.append(msg)
                if event is None and msg.get("id") == ident:
                    if "error" in msg: raise RuntimeError(msg["error"])
                    return msg.get("result", {})
            chunk = self.inp.read(65536)
            if not chunk: raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        raise RuntimeError(f"no answer from chromium ({event or ident})")

    def call(self, method, params=None, page=False, timeout=20):
        return self.wait(self.send(method, params, page), timeout)

    def open(self, url):
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url}, page=True)
        self.wait(None, 30, event="Page.loadEventFired")

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, page=True)
        if "exceptionDetails" in r: raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r.get("result", {}).get("value")

    def box(self, selector):
        """The first element matching `selector`: its rectangle in the viewport (scrolled into view)."""
        rect = self.evaluate(
            "(() => { const e = document.querySelector(%s); if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()" % json.dumps(selector))
        if rect is None: raise RuntimeError(f"no element {selector}")
        return rect

    def mouse(self, kind, x, y, buttons=0, button="none"):
        self.call("Input.dispatchMouseEvent",
                  {"type": kind, "x": x, "y": y, "button": button, "buttons": buttons, "clickCount": 1}, page=True)

    def click(self, selector, at=(0.5, 0.5)):
        x0, y0, w, h = self.box(selector)
        x, y = x0 + w * at[0], y0 + h * at[1]
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y, 1, "left")
        self.mouse("mouseReleased", x, y, 0, "left")

    def hover(self, selector, at=(0.5, 0.5)):
        x0, y0, w, h = self.box(selector)
        self.mouse("mouseMoved", x0 + w * at[0], y0 + h * at[1])

    def key(self, key, code=None):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code or key}, page=True)

    def screenshot(self, path, fast=False):
        # fast: Chromium encodes the PNG for speed, not size (the same pixels).
        shot = self.call("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": fast}, page=True)
        with open(path, "wb") as f: f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close")
            time.sleep(0.2)
        finally:
            self.proc.kill()
            self.proc.wait()
