"""A picture for each hanafuda card (a card's face is 30 x 48; the month's band takes the top 11):
its month's plant and the bright, animal or ribbon it carries; the chaff of a month are the plant
alone, each drawn its own way round."""

from __future__ import annotations


def _flowers(points: list[tuple[float, float]], petal: str, heart: str, size: float = 2.2) -> str:
    return "".join(
        f'<circle cx="{x}" cy="{y}" r="{size}" fill="{petal}"/><circle cx="{x}" cy="{y}" r="{size / 3:.1f}" fill="{heart}"/>'
        for x, y in points
    )


# Each month's plant, drawn over the lower card, left to right as the first chaff shows it.
PLANTS: dict[int, str] = {
    1: '<path d="M12 20 L3 31 L21 31 Z M12 26 L1 39 L23 39 Z" fill="#2e6b2f"/><rect x="10.5" y="39" width="3" height="7" fill="#6b4a2a"/>'
       '<path d="M13 42 L25 36" stroke="#6b4a2a" stroke-width="1.6"/><path d="M25 36 L21 31 L29 33 Z" fill="#2e6b2f"/>',
    2: '<path d="M4 46 Q10 30 26 20" stroke="#5a3a22" stroke-width="2" fill="none"/>'
       + _flowers([(9, 36), (14, 30), (20, 25), (24, 21)], "#c2477a", "#f6e08a"),
    3: '<path d="M3 46 Q14 34 27 28" stroke="#5a3a22" stroke-width="1.6" fill="none"/>'
       + _flowers([(6, 40), (11, 36), (17, 32), (23, 29), (12, 28), (19, 38)], "#f3b6c8", "#c2477a", 2.6),
    4: '<path d="M6 14 L6 24 M13 14 L13 28 M20 14 L20 22 M26 14 L26 26" stroke="#5a7a3a" stroke-width="1"/>'
       + _flowers([(6, 25), (13, 29), (20, 23), (26, 27), (6, 29), (13, 33)], "#8a67c4", "#5a3f8a", 1.8),
    5: '<path d="M6 46 L9 26 M12 46 L12 22 M18 46 L16 28 M24 46 L21 24" stroke="#2e6b2f" stroke-width="2"/>'
       '<path d="M12 22 L9 17 L12 19 L15 17 Z M21 24 L18 19 L21 21 L24 19 Z" fill="#4a5fb0"/>',
    6: '<circle cx="12" cy="32" r="8" fill="#d4395a"/><circle cx="12" cy="32" r="4" fill="#f2a0b0"/>'
       '<path d="M3 44 Q6 38 9 40 M27 44 Q22 34 18 40" stroke="#2e6b2f" stroke-width="2.4" fill="none"/>',
    7: '<path d="M4 20 Q12 30 8 46 M26 18 Q18 32 22 46" stroke="#6b7a2a" stroke-width="1.2" fill="none"/>'
       + _flowers([(6, 24), (9, 30), (8, 37), (24, 23), (21, 31), (22, 39)], "#b3305a", "#f0a0b8", 1.4),
    8: '<path d="M1 40 Q15 28 29 40 L29 45 Q29 47 27 47 L3 47 Q1 47 1 45 Z" fill="#2f3b2a"/>'
       '<path d="M8 40 L10 26 M15 36 L15 22 M22 40 L20 27" stroke="#c9b98a" stroke-width="1"/>',
    9: '<circle cx="12" cy="30" r="7" fill="#f2c230"/><circle cx="12" cy="30" r="2.5" fill="#b3561f"/>'
       '<circle cx="23" cy="38" r="3.5" fill="#f2c230"/>'
       '<path d="M12 37 L12 46 M12 42 L7 39 M12 42 L17 39" stroke="#2e6b2f" stroke-width="1.6" fill="none"/>',
    10: '<path d="M9 22 L11 26 L14 25 L12 28 L15 31 L11 30 L9 34 L8 30 L4 31 L7 28 L5 25 L8 26 Z" fill="#d0391f"/>'
        '<path d="M20 32 L22 36 L25 35 L23 38 L26 41 L22 40 L20 44 L19 40 L15 41 L18 38 L16 35 L19 36 Z" fill="#e8742a"/>',
    11: '<path d="M6 12 Q4 30 8 46 M12 12 Q10 26 13 40 M19 12 Q18 28 21 44 M25 12 Q24 24 26 36" stroke="#3f7a3a" '
        'stroke-width="1.4" fill="none"/>',
    12: '<path d="M5 46 L12 30 L19 46" stroke="#2e6b2f" stroke-width="5" fill="none"/>'
        + _flowers([(8, 24), (12, 21), (16, 24), (12, 27), (24, 34)], "#8a67c4", "#f6e08a", 2),
}  # fmt: skip

# What a card carries besides its plant: its bright, its animal, its ribbon.
FIGURES: dict[str, str] = {
    "pine-crane": '<circle cx="22" cy="18" r="5" fill="#e23b2e"/><ellipse cx="12" cy="33" rx="6" ry="3.5" fill="#fff" '
                  'stroke="#333" stroke-width="0.6"/><path d="M12 30 L16 23" stroke="#333" stroke-width="1.2"/>'
                  '<circle cx="16.5" cy="22.5" r="1.3" fill="#e23b2e"/>',
    "cherry-curtain": '<rect x="4" y="13" width="22" height="15" fill="#c0392b"/><path d="M4 16 L26 16 M4 20 L26 20 '
                      'M4 24 L26 24" stroke="#f6f0e0" stroke-width="1.2"/><path d="M4 28 Q9 32 15 28 Q21 32 26 28" '
                      'fill="#c0392b"/>',
    "susuki-moon": '<rect x="1" y="11" width="28" height="22" fill="#c0392b"/><circle cx="15" cy="23" r="8" fill="#fbf3d0"/>',
    "willow-rainman": '<path d="M7 20 Q15 12 23 20 Z" fill="#f2c230"/><path d="M15 20 L15 30" stroke="#333" '
                      'stroke-width="1"/><circle cx="11" cy="27" r="2" fill="#f1d3b0"/><path d="M9 29 L13 29 L14 37 '
                      'L8 37 Z" fill="#3a3a8a"/><path d="M2 40 Q8 36 14 41" stroke="#e8e0c8" stroke-width="1.5" '
                      'fill="none"/>',
    "paulownia-phoenix": '<path d="M6 30 Q12 16 24 20 Q18 24 20 30 Q14 28 6 30 Z" fill="#e8742a"/><path d="M20 30 '
                         'L26 40 M18 31 L22 43 M16 31 L17 44" stroke="#2f9a6a" stroke-width="1.6"/><circle cx="22" '
                         'cy="19" r="1.4" fill="#f2c230"/>',
    "plum-warbler": '<ellipse cx="12" cy="19" rx="4.5" ry="3" fill="#7a9a3a"/><path d="M16 18 L19 17 L16 20 Z" '
                    'fill="#5a3a22"/><path d="M8 19 L4 21" stroke="#7a9a3a" stroke-width="2"/>',
    "wisteria-cuckoo": '<path d="M23 13 A5 5 0 1 0 27 19 A4 4 0 1 1 23 13 Z" fill="#f2c230"/><ellipse cx="14" cy="17" '
                       'rx="5" ry="2.5" fill="#3a2a2a"/><path d="M9 17 L4 15 M19 16 L22 14" stroke="#3a2a2a" '
                       'stroke-width="1.4"/>',
    "iris-bridge": '<path d="M2 34 L28 26 L28 30 L2 38 Z" fill="#8a5a2a"/><path d="M8 32 L8 37 M15 30 L15 35 M22 28 '
                   'L22 33" stroke="#5a3a1a" stroke-width="1"/>',
    "peony-butterflies": '<path d="M8 18 L4 14 L4 22 Z M8 18 L12 14 L12 22 Z" fill="#e8a020"/><path d="M21 22 L17 18 '
                         'L17 26 Z M21 22 L25 18 L25 26 Z" fill="#4a8ac0"/>',
    "clover-boar": '<ellipse cx="15" cy="34" rx="8" ry="5" fill="#6b4a2a"/><path d="M9 38 L9 42 M13 38 L13 42 M17 38 '
                   'L17 42 M21 38 L21 42" stroke="#3a2a1a" stroke-width="1.4"/><path d="M23 33 L27 35 L23 36 Z" '
                   'fill="#3a2a1a"/>',
    "susuki-geese": '<rect x="1" y="11" width="28" height="14" fill="#c0392b"/><path d="M5 16 L8 19 L11 16 M12 20 L15 '
                    '23 L18 20 M19 15 L22 18 L25 15" stroke="#1d1d1d" stroke-width="1.4" fill="none"/>',
    "chrysanthemum-cup": '<path d="M7 20 L23 20 Q21 28 15 28 Q9 28 7 20 Z" fill="#c0392b"/><rect x="13" y="28" '
                         'width="4" height="3" fill="#c0392b"/><path d="M10 22 L20 22" stroke="#f2c230" stroke-width="1"/>',
    "maple-deer": '<ellipse cx="15" cy="31" rx="7" ry="4" fill="#b5793a"/><path d="M10 34 L9 40 M20 34 L21 40" '
                  'stroke="#6b4a2a" stroke-width="1.4"/><path d="M21 28 L24 22 M24 22 L22 19 M24 22 L27 20" '
                  'stroke="#6b4a2a" stroke-width="1.2" fill="none"/>',
    "willow-lightning": '<rect x="6" y="14" width="18" height="8" rx="2" fill="#6b4a8a"/><path d="M17 22 L12 31 '
                        'L16 31 L11 42" stroke="#f2c230" stroke-width="1.6" fill="none"/>',
    "willow-swallow": '<path d="M8 20 L15 23 L22 18 L17 25 L21 31 L15 27 L9 30 L12 24 Z" fill="#1d1d3a"/>',
}  # fmt: skip
RIBBON_PATH = "M6 17 L24 13 L24 20 L6 24 Z"
POEM_MARKS = '<path d="M10 18.5 L20 16.5 M10 21 L18 19.4" stroke="#fff" stroke-width="1"/>'
YELLOW_FOOT = '<rect x="1" y="41" width="28" height="6" fill="#f2c230"/>'  # the paulownia chaff with a yellow foot
