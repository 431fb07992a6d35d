# Draws the Clock tab icons of kiosk-demo.storyboard.json (28 pt, @2x) as black shapes on
# transparent PNGs: python3 make-icons.py . (run in this folder) writes them anew.
import math, struct, zlib, sys
S = 2  # scale
N = 28 * S
def ring(cx, cy, rx, ry, w):
    def f(x, y):
        # distance to ellipse approximated by normalised radius
        d = math.hypot((x-cx)/rx, (y-cy)/ry)
        return abs(d-1)*min(rx, ry) <= w/2
    return f
def seg(x1, y1, x2, y2, w):
    def f(x, y):
        dx, dy = x2-x1, y2-y1
        t = max(0, min(1, ((x-x1)*dx+(y-y1)*dy)/(dx*dx+dy*dy)))
        return math.hypot(x-(x1+t*dx), y-(y1+t*dy)) <= w/2
    return f
def disc(cx, cy, r):
    return lambda x, y: math.hypot(x-cx, y-cy) <= r
def rect(x0, y0, x1, y1):
    return lambda x, y: x0 <= x <= x1 and y0 <= y <= y1
W = 2.5
icons = {
  'globe': [ring(14,14,11,11,W), ring(14,14,5,11,W), seg(3,14,25,14,W)],
  'alarm': [ring(14,15,9,9,W), seg(14,10,14,15,W), seg(14,15,18,17,W), disc(5.5,5.5,3.5), disc(22.5,5.5,3.5)],
  'stopwatch': [ring(14,16,10,10,W), rect(11,1,17,4), seg(14,16,14,10,W)],
  'timer': [ring(14,14,11,11,W), seg(14,14,20,8,W), disc(14,14,2)],
}
def png(path, pixels):
    raw = b''.join(b'\x00' + bytes(row) for row in pixels)
    def chunk(kind, data):
        c = struct.pack('>I', len(data)) + kind + data
        return c + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', N, N, 8, 6, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw, 9)))
        f.write(chunk(b'IEND', b''))
SS = 4
for name, shapes in icons.items():
    rows = []
    for py in range(N):
        row = []
        for px in range(N):
            hits = 0
            for sy in range(SS):
                for sx in range(SS):
                    x = (px + (sx+0.5)/SS) / S
                    y = (py + (sy+0.5)/SS) / S
                    if any(s(x, y) for s in shapes): hits += 1
            a = round(255 * hits / (SS*SS))
            row += [0, 0, 0, a]
        rows.append(row)
    png(f'{sys.argv[1]}/{name}@2x.png', rows)
