#!/usr/bin/env python3
"""Plays a Lottie file in a real player and writes the frames asked for as raw RGBA (8 bits a
channel, straight alpha, rows top to bottom): for checking each frame against Springy's PNG.

usage: lottie-frames.py thorvg|rlottie FILE WIDTH HEIGHT OUT_PREFIX FRAME [FRAME ...]
  thorvg:  PyPI's thorvg-python (ThorVG's software canvas); FILE may be a .json or a .lottie
  rlottie: Debian's librlottie through its C API (ctypes); FILE a .json
  writes OUT_PREFIX-<i>.rgba for the i-th frame asked for.
"""
import ctypes, sys


def straight(b, g, r, a):
    if a == 0: return (0, 0, 0, 0)
    return (min(255, r * 255 // a), min(255, g * 255 // a), min(255, b * 255 // a), a)


def write(path, argb_words, width, height):
    # Premultiplied 0xAARRGGBB words (little-endian B, G, R, A bytes) to straight RGBA.
    raw = bytes(argb_words)
    n = width * height
    out = bytearray(4 * n)
    out[0::4], out[1::4], out[2::4], out[3::4] = raw[2::4], raw[1::4], raw[0::4], raw[3::4]
    alpha = raw[3::4]
    if alpha != b"\xff" * n:
        for i, a in enumerate(alpha):
            if a != 255:
                out[4 * i:4 * i + 4] = bytes(straight(raw[4 * i], raw[4 * i + 1], raw[4 * i + 2], a))
    with open(path, "wb") as f: f.write(out)


def thorvg(path, width, height, prefix, frames):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ARGB8888)
    buffer = canvas.buffer_arr
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    data = open(path, "rb").read()
    if path.endswith(".lottie"):
        # A dotLottie: its manifest names the animation, a JSON file inside the ZIP.
        import json, zipfile
        with zipfile.ZipFile(path) as z:
            first = json.loads(z.read("manifest.json"))["animations"][0]["id"]
            data = z.read(f"animations/{first}.json")
    mime = "lottie+json"
    if picture.load_data(data, mime, None, True) != tvg.Result.SUCCESS:
        raise SystemExit(f"ThorVG could not load {path}")
    picture.set_size(width, height)
    canvas.add(picture)
    for i, f in enumerate(frames):
        animation.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        write(f"{prefix}-{i}.rgba", buffer, width, height)


def rlottie(path, width, height, prefix, frames):
    lib = ctypes.CDLL("librlottie.so.0-1")
    lib.lottie_animation_from_file.restype = ctypes.c_void_p
    lib.lottie_animation_from_file.argtypes = [ctypes.c_char_p]
    lib.lottie_animation_render.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t,
                                            ctypes.c_size_t, ctypes.c_size_t]
    lib.lottie_animation_destroy.argtypes = [ctypes.c_void_p]
    animation = lib.lottie_animation_from_file(path.encode())
    if not animation: raise SystemExit(f"rlottie could not load {path}")
    buffer = (ctypes.c_uint32 * (width * height))()
    for i, f in enumerate(frames):
        ctypes.memset(buffer, 0, width * height * 4)
        lib.lottie_animation_render(animation, f, buffer, width, height, width * 4)
        write(f"{prefix}-{i}.rgba", buffer, width, height)
    lib.lottie_animation_destroy(animation)


def main():
    player, path, width, height, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    frames = [int(f) for f in sys.argv[6:]]
    {"thorvg": thorvg, "rlottie": rlottie}[player](path, width, height, prefix, frames)


if __name__ == "__main__":
    main()
