#!/usr/bin/env python3
"""Opens a page in Debian's headless chromium through the DevTools protocol (over a pipe, no
network) and takes screenshots at given real times after its load event: for checking that an
animated image really animates in a browser.

usage: browser-frames.py [--until-changed] CHROMIUM URL OUT_PREFIX MS [MS ...]
  writes OUT_PREFIX-MS.png for each time. With --until-changed it stops after the first
  screenshot that differs from the first one (the rest are not taken): a busy machine may
  show the same frame for a while, and the times given bound how long it is watched.
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium


def main():
    args = sys.argv[1:]
    until_changed = bool(args) and args[0] == "--until-changed"
    if until_changed: args = args[1:]
    chromium, url, prefix, times = args[0], args[1], args[2], [int(t) for t in args[3:]]
    browser = Chromium(chromium)
    try:
        # The clock starts when the page (and so its image) has loaded, however busy the machine is.
        browser.open(url)
        start = time.time()
        first = None
        for t in sorted(times):
            delay = start + t / 1000 - time.time()
            if delay > 0: time.sleep(delay)
            path = f"{prefix}-{t}.png"
            browser.screenshot(path)
            with open(path, "rb") as f: shot = f.read()
            if first is None: first = shot
            elif until_changed and shot != first: break
    finally:
        browser.close()


if __name__ == "__main__":
    main()
