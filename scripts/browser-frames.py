#!/usr/bin/env python3
"""Opens a page in Debian's headless chromium through the DevTools protocol (over a pipe, no
network) and takes screenshots at given real times after its load event: for checking that an
animated image really animates in a browser.

usage: browser-frames.py CHROMIUM URL OUT_PREFIX MS [MS ...]   (writes OUT_PREFIX-MS.png)
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium


def main():
    chromium, url, prefix, times = sys.argv[1], sys.argv[2], sys.argv[3], [int(t) for t in sys.argv[4:]]
    browser = Chromium(chromium)
    try:
        # The clock starts when the page (and so its image) has loaded, however busy the machine is.
        browser.open(url)
        start = time.time()
        for t in sorted(times):
            delay = start + t / 1000 - time.time()
            if delay > 0: time.sleep(delay)
            browser.screenshot(f"{prefix}-{t}.png")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
