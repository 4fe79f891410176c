#!/usr/bin/env python3
"""Opens a page in Debian's headless chromium through the DevTools protocol (over a pipe, no
network) and takes screenshots at given real times after its load event: for checking that an
animated image really animates in a browser.

usage: browser-frames.py CHROMIUM URL OUT_PREFIX MS [MS ...]   (writes OUT_PREFIX-MS.png)
"""
import base64, json, os, subprocess, sys, time

def child_fds(read_end, write_end):
    # In the child: the command pipe on fd 3, the answer pipe on fd 4, both kept across exec.
    r, w = os.dup(read_end), os.dup(write_end)
    os.dup2(r, 3)
    os.dup2(w, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)

def main():
    chromium, url, prefix, times = sys.argv[1], sys.argv[2], sys.argv[3], [int(t) for t in sys.argv[4:]]
    to_r, to_w = os.pipe()      # chromium reads commands on fd 3
    from_r, from_w = os.pipe()  # and writes answers on fd 4
    proc = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
         "--window-size=420,760", "about:blank"],
        close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.environ.get("CHROMIUM_LOG", os.devnull), "w"),
        preexec_fn=lambda: child_fds(to_r, from_w))
    os.close(to_r); os.close(from_w)
    out = os.fdopen(to_w, "wb", buffering=0)
    inp = os.fdopen(from_r, "rb", buffering=0)
    buffer = b""
    counter = [0]
    events = []   # every event seen, so one that arrives early is not missed

    def send(method, params=None, session=None):
        counter[0] += 1
        msg = {"id": counter[0], "method": method, "params": params or {}}
        if session: msg["sessionId"] = session
        out.write(json.dumps(msg).encode() + b"\0")
        return counter[0]

    def wait(ident, timeout=20, event=None):
        # The answer to command `ident`, or (with `event`) the first event of that name.
        nonlocal buffer
        end = time.time() + timeout
        if event is not None:
            for e in events:
                if e.get("method") == event: return e.get("params", {})
        while time.time() < end:
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                msg = json.loads(raw)
                if "method" in msg: events.append(msg)
                if event is not None and msg.get("method") == event:
                    return msg.get("params", {})
                if event is None and msg.get("id") == ident:
                    if "error" in msg: raise RuntimeError(msg["error"])
                    return msg.get("result", {})
            chunk = inp.read(65536)
            if not chunk: raise RuntimeError("chromium closed the pipe")
            buffer += chunk
        raise RuntimeError("no answer from chromium")

    try:
        target = wait(send("Target.createTarget", {"url": "about:blank"}))["targetId"]
        session = wait(send("Target.attachToTarget", {"targetId": target, "flatten": True}))["sessionId"]
        wait(send("Page.enable", session=session), 20)
        wait(send("Page.navigate", {"url": url}, session=session))
        # The clock starts when the page (and so its image) has loaded, however busy the machine is.
        wait(None, 30, event="Page.loadEventFired")
        start = time.time()
        for t in sorted(times):
            delay = start + t / 1000 - time.time()
            if delay > 0: time.sleep(delay)
            shot = wait(send("Page.captureScreenshot", {"format": "png"}, session=session))
            with open(f"{prefix}-{t}.png", "wb") as f: f.write(base64.b64decode(shot["data"]))
        send("Browser.close")
    finally:
        time.sleep(0.2)
        proc.kill()
        proc.wait()

if __name__ == "__main__":
    main()
