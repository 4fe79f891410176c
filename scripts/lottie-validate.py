#!/usr/bin/env python3
"""Validates Lottie files against the Lottie Animation Community's 1.0 JSON schema (PyPI's
lottie-specs, with jsonschema): prints each error with its place and exits 1 if there is one.
A .lottie (dotLottie) is opened with zipfile and each animation its manifest names is checked.

usage: lottie-validate.py FILE [FILE ...]
"""
import json, os, sys, zipfile
import jsonschema
import lottie_specs

SCHEMA = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")


def documents(path):
    if path.endswith(".lottie"):
        with zipfile.ZipFile(path) as z:
            manifest = json.loads(z.read("manifest.json"))
            for a in manifest["animations"]:
                yield f"{path}:animations/{a['id']}.json", json.loads(z.read(f"animations/{a['id']}.json"))
    else:
        with open(path) as f: yield path, json.load(f)


def main():
    validator = jsonschema.Draft202012Validator(json.load(open(SCHEMA)))
    bad = 0
    for path in sys.argv[1:]:
        for name, doc in documents(path):
            for e in validator.iter_errors(doc):
                bad += 1
                print(f"{name}: /{'/'.join(str(p) for p in e.path)}: {e.message[:300]}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
