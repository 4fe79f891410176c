#!/usr/bin/env python3
"""Opens an SVG animated with SMIL in Debian's headless chromium (through the DevTools protocol,
over a pipe) and screenshots it paused at given times: for checking each frame against
Springy's PNG of that frame.

usage: svg-frames.py CHROMIUM SVG WIDTH HEIGHT OUT_PREFIX SECONDS [SECONDS ...]
  writes OUT_PREFIX-<i>.png for the i-th time (0-based), the page WIDTH×HEIGHT CSS pixels at
  device scale 1; and OUT_PREFIX-img.png: the file shown in an <img> (it must load and draw).
  An <img> cannot be paused: its animation runs from when it loads. OUT_PREFIX-img.seconds
  holds how long the page was open when it was shot (wall time, from before the page was
  opened to after the shot): the time it shows in the loop is at most that.
"""
import os, sys, json, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium


def main():
    chromium, svg, width, height, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    times = [float(t) for t in sys.argv[6:]]
    browser = Chromium(chromium)
    try:
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, page=True)
        browser.open("file://" + os.path.abspath(svg))
        if not browser.evaluate("typeof document.documentElement.pauseAnimations === 'function'"):
            raise RuntimeError("the document is not an SVG with SMIL timing")
        browser.evaluate("document.documentElement.pauseAnimations()")
        for i, t in enumerate(times):
            browser.evaluate("document.documentElement.setCurrentTime(%s); "
                             "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))" % json.dumps(t))
            browser.screenshot(f"{prefix}-{i}.png", fast=True)
        page = prefix + "-img.html"
        with open(page, "w") as f:
            f.write('<html><body style="margin:0"><img id="i" src="file://%s"></body></html>' % os.path.abspath(svg))
        opened = time.monotonic()
        browser.open("file://" + os.path.abspath(page))
        size = browser.evaluate("(() => { const i = document.getElementById('i'); return [i.naturalWidth, i.naturalHeight]; })()")
        if size != [width, height]:
            raise RuntimeError(f"in an <img> it is {size}, not {[width, height]}")
        browser.screenshot(f"{prefix}-img.png")
        with open(f"{prefix}-img.seconds", "w") as f:
            f.write("%.3f\n" % (time.monotonic() - opened))
    finally:
        browser.close()


if __name__ == "__main__":
    main()
