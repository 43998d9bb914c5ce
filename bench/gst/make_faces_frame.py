#!/usr/bin/python3
"""Writes a 1920x1080 RGB PNG of scikit-image's photographs with faces (the astronaut, the
cameraman) at several sizes on a mid-gray page: the frame the detection benchmark
(detect_elements.sh) feeds to satdetect, satfaceblur and gst-opencv's facedetect and faceblur.

usage: make_faces_frame.py OUTPUT.png
"""
import sys

import numpy as np
from skimage import data, io, transform


def placed(page, image, x, y, side):
    small = transform.resize(image, (side, side), anti_aliasing=True, preserve_range=True).astype(np.uint8)
    page[y:y + side, x:x + side] = small


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    page = np.full((1080, 1920, 3), 128, np.uint8)
    astronaut = data.astronaut()
    camera = np.stack([data.camera()] * 3, axis=-1)
    placed(page, astronaut, 0, 0, 540)
    placed(page, camera, 540, 0, 540)
    placed(page, astronaut, 1080, 0, 360)
    placed(page, camera, 1440, 0, 360)
    for k in range(6):  # a row of smaller ones
        placed(page, astronaut if k % 2 == 0 else camera, 1080 + (k % 3) * 280, 400 + (k // 3) * 280, 270)
    placed(page, astronaut, 0, 560, 500)
    placed(page, camera, 540, 560, 500)
    io.imsave(sys.argv[1], page, check_contrast=False)


if __name__ == "__main__":
    main()
