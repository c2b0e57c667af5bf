"""Draws the application icon (resources/icons/warroom.png) with pillow.

Run once when the icon design changes: ``python packaging/make_icon.py``.
"""

from pathlib import Path

from PIL import Image, ImageDraw


def draw(size: int = 256) -> Image.Image:
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    s = size / 256
    d.rounded_rectangle([8 * s, 8 * s, 248 * s, 248 * s], radius=40 * s, fill=(40, 78, 120, 255))
    # three land zones sharing borders
    d.polygon(
        [(40 * s, 70 * s), (130 * s, 50 * s), (128 * s, 140 * s), (50 * s, 160 * s)],
        fill=(196, 170, 110, 255),
        outline=(40, 30, 20, 255),
    )
    d.polygon(
        [(130 * s, 50 * s), (215 * s, 80 * s), (200 * s, 150 * s), (128 * s, 140 * s)],
        fill=(150, 160, 100, 255),
        outline=(40, 30, 20, 255),
    )
    d.polygon(
        [
            (50 * s, 160 * s),
            (128 * s, 140 * s),
            (200 * s, 150 * s),
            (170 * s, 215 * s),
            (70 * s, 210 * s),
        ],
        fill=(170, 120, 90, 255),
        outline=(40, 30, 20, 255),
    )
    # a convoy line
    for i in range(6):
        x = 30 * s + i * 34 * s
        d.ellipse([x, 225 * s, x + 10 * s, 235 * s], fill=(240, 240, 240, 255))
    # a star for a capital
    d.regular_polygon((128 * s, 140 * s, 18 * s), 5, fill=(220, 40, 40, 255))
    return img


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "resources" / "icons" / "warroom.png"
    draw().save(out)
    print(out)
