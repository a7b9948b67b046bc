#!/usr/bin/env python3
"""Synthesises the app's five sound effects as WAV files.

    build-aux/make-sounds.py [OUTDIR]     writes the sounds (default data/sounds)
    build-aux/make-sounds.py --check DIR  checks the files in DIR

Each sound is 16-bit mono PCM at 44.1 kHz, between 80 and 400 ms long,
normalised to a peak of -1 dBFS, with short fades at both ends so that it
starts and stops without a click. Only the standard library is used (math,
random, wave), and the noise comes from a fixed seed, so the output is the
same on every run:

    move     a wooden click: a short noise burst over a low, quickly dying
             body tone, like a piece set down on a board
    capture  a heavier click followed closely by a second one
    check    a two-tone chime, a fourth apart
    reveal   a soft sweep rising an octave
    end      a short three-note cadence ending on the tonic
"""

import math
import os
import random
import struct
import sys
import wave

RATE = 44100
PEAK = 10 ** (-1 / 20)  # -1 dBFS
FADE_IN_S = 0.002
FADE_OUT_S = 0.015
NAMES = ("move", "capture", "check", "reveal", "end")
MIN_S, MAX_S = 0.080, 0.400


def silence(seconds):
    return [0.0] * int(round(seconds * RATE))


def add(dst, src, at_s=0.0, gain=1.0):
    """Mixes src into dst starting at at_s seconds, growing dst as needed."""
    start = int(round(at_s * RATE))
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += gain * v
    return dst


def decaying_sine(freq, seconds, tau, phase=0.0):
    n = int(round(seconds * RATE))
    w = 2 * math.pi * freq / RATE
    return [math.exp(-i / (tau * RATE)) * math.sin(w * i + phase)
            for i in range(n)]


def filtered_noise(rng, seconds, tau, smooth):
    """White noise through a one-pole low-pass (smooth in 0..1, higher is
    darker), with an exponential decay of time constant tau."""
    n = int(round(seconds * RATE))
    out = []
    y = 0.0
    for i in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(y * math.exp(-i / (tau * RATE)))
    return out


def click(rng, body_hz, weight):
    """One wooden knock: a bright, very short noise transient, a hollow
    mid resonance and a low body that rings a little longer."""
    s = []
    add(s, filtered_noise(rng, 0.030, 0.0035, 0.35), gain=0.9)
    add(s, decaying_sine(body_hz * 5.3, 0.060, 0.010), gain=0.35)
    add(s, decaying_sine(body_hz * 2.7, 0.080, 0.016), gain=0.45)
    add(s, decaying_sine(body_hz, 0.120, 0.028), gain=weight)
    return s


def bell(freq, seconds, tau):
    """A soft chime: a fundamental with two quieter, faster-dying partials
    and a 3 ms attack."""
    s = []
    add(s, decaying_sine(freq, seconds, tau))
    add(s, decaying_sine(freq * 2.0, seconds, tau * 0.5), gain=0.30)
    add(s, decaying_sine(freq * 3.01, seconds, tau * 0.3), gain=0.12)
    attack = int(0.003 * RATE)
    for i in range(min(attack, len(s))):
        s[i] *= i / attack
    return s


def make_move(rng):
    return click(rng, 190.0, 0.8) + silence(0.010)


def make_capture(rng):
    s = click(rng, 140.0, 1.0)
    add(s, click(rng, 165.0, 0.9), at_s=0.075, gain=0.8)
    return s + silence(0.020)


def make_check(rng):
    s = []
    add(s, bell(880.0, 0.160, 0.060))            # A5
    add(s, bell(1174.66, 0.250, 0.080), at_s=0.120)  # D6, a fourth above
    return s


def make_reveal(rng):
    seconds = 0.260
    n = int(round(seconds * RATE))
    f0, f1 = 440.0, 880.0
    s = []
    phase = 0.0
    for i in range(n):
        t = i / n
        # exponential glide keeps the rise even to the ear
        f = f0 * (f1 / f0) ** t
        phase += 2 * math.pi * f / RATE
        env = math.sin(math.pi * t) ** 2          # soft in, soft out
        s.append(env * (math.sin(phase) + 0.25 * math.sin(2 * phase)))
    # a breath of noise for a papery "turning over" texture
    add(s, filtered_noise(rng, seconds, 0.08, 0.85), gain=0.15)
    return s


def make_end(rng):
    # G4 - B4 - C5: a leading-tone cadence in C major
    s = []
    add(s, bell(392.00, 0.120, 0.050), at_s=0.000, gain=0.8)
    add(s, bell(493.88, 0.120, 0.050), at_s=0.100, gain=0.8)
    add(s, bell(523.25, 0.190, 0.070), at_s=0.200)
    return s


MAKERS = {
    "move": make_move,
    "capture": make_capture,
    "check": make_check,
    "reveal": make_reveal,
    "end": make_end,
}


def finish(samples):
    """Fades both ends and normalises the peak to PEAK."""
    n = len(samples)
    fade_in = min(int(FADE_IN_S * RATE), n // 2)
    for i in range(fade_in):
        samples[i] *= i / fade_in
    fade_out = min(int(FADE_OUT_S * RATE), n // 2)
    for i in range(fade_out):
        samples[n - 1 - i] *= i / fade_out
    peak = max(abs(v) for v in samples)
    scale = PEAK / peak if peak > 0 else 0.0
    return [v * scale for v in samples]


def write_wav(path, samples):
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, int(round(v * 32767)))))
        for v in samples)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def generate(outdir):
    os.makedirs(outdir, exist_ok=True)
    for name in NAMES:
        # each sound its own seed, so changing one leaves the others alone
        rng = random.Random("jieqi-" + name)
        samples = finish(MAKERS[name](rng))
        path = os.path.join(outdir, name + ".wav")
        write_wav(path, samples)
        print("%s: %d ms" % (path, round(1000 * len(samples) / RATE)))


def check(indir):
    """Returns a list of problems with the sound files in indir."""
    problems = []
    for name in NAMES:
        path = os.path.join(indir, name + ".wav")
        try:
            with wave.open(path, "rb") as w:
                params = w.getparams()
                frames = w.readframes(params.nframes)
        except (OSError, wave.Error) as e:
            problems.append("%s: %s" % (path, e))
            continue
        if (params.nchannels, params.sampwidth, params.framerate) != (1, 2, RATE):
            problems.append("%s: not 16-bit mono at %d Hz" % (path, RATE))
            continue
        seconds = params.nframes / RATE
        if not MIN_S <= seconds <= MAX_S:
            problems.append("%s: %.0f ms long" % (path, seconds * 1000))
        values = struct.unpack("<%dh" % params.nframes, frames)
        peak = max(abs(v) for v in values)
        if peak >= 32767:
            problems.append("%s: clips" % path)
        elif peak < 0.5 * 32767:
            problems.append("%s: too quiet (peak %d)" % (path, peak))
        if abs(values[0]) > 64 or abs(values[-1]) > 64:
            problems.append("%s: does not start and end at silence" % path)
    return problems


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) == 3 and argv[1] == "--check":
        problems = check(argv[2])
        for p in problems:
            print(p, file=sys.stderr)
        if not problems:
            print("%d sounds OK" % len(NAMES))
        return 1 if problems else 0
    if len(argv) > 2:
        print("usage: make-sounds.py [OUTDIR] | --check DIR", file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = argv[1] if len(argv) == 2 else os.path.join(here, "..", "data", "sounds")
    generate(os.path.normpath(outdir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
