#!/usr/bin/env python3
"""Drives a page in Debian's headless chromium with real input events, through the DevTools
protocol (scripts/cdp.py), and prints what the page shows: one JSON value per line, for every
`eval` step, in order.

usage: browser-drive.py CHROMIUM STEPS_JSON
STEPS_JSON is a list of steps, each one key:
  {"open": URL}                                   navigate and wait for the load event
  {"click": SELECTOR, "at": [fx, fy]}             press and release the left button there
                                                  (fractions of the element's box; default centre)
  {"hover": SELECTOR, "at": [fx, fy]}             move the mouse there
  {"key": KEY}                                    press and release a key ("ArrowRight", "a", ...)
  {"wait": MS}                                    let the page run
  {"until": JS, "timeout": MS}                    wait until the expression is true
  {"eval": JS}                                    print the expression's value as JSON
  {"screenshot": PATH}                            save what the page shows
"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium


def main():
    chromium, steps = sys.argv[1], json.loads(sys.argv[2])
    browser = Chromium(chromium, size=(1200, 900))
    try:
        for step in steps:
            if "open" in step: browser.open(step["open"])
            elif "click" in step: browser.click(step["click"], tuple(step.get("at", (0.5, 0.5))))
            elif "hover" in step: browser.hover(step["hover"], tuple(step.get("at", (0.5, 0.5))))
            elif "key" in step: browser.key(step["key"])
            elif "wait" in step: time.sleep(step["wait"] / 1000)
            elif "until" in step:
                end = time.time() + step.get("timeout", 10000) / 1000
                while not browser.evaluate(step["until"]):
                    if time.time() > end: raise RuntimeError(f"timed out waiting for {step['until']}")
                    time.sleep(0.05)
            elif "eval" in step: print(json.dumps(browser.evaluate(step["eval"])), flush=True)
            elif "screenshot" in step: browser.screenshot(step["screenshot"])
            else: raise RuntimeError(f"unknown step {step}")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
