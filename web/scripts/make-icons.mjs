// Draws Plod's app icons as PNGs with nothing but zlib, so the icons are reproducible from source
// without an image toolchain or a download. Run: node scripts/make-icons.mjs (writes public/*.png).
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ORANGE = [232, 89, 12]; // Mantine orange.8, the theme colour: hi-vis on a drill site.
const WHITE = [255, 255, 255];
const CORE = [52, 58, 64]; // a dark core sample in the bowl of the P

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The letter P in a unit square, scaled by `s` around the centre (maskable icons keep it in the safe zone).
function glyph(u, v, s) {
  const x = (u - 0.5) / s + 0.5;
  const y = (v - 0.5) / s + 0.5;
  const stem = x >= 0.3 && x <= 0.44 && y >= 0.2 && y <= 0.82;
  const dx = x - 0.5;
  const dy = y - 0.4;
  const r = Math.hypot(dx, dy);
  const bowl = x >= 0.37 && r <= 0.21 && r >= 0.09;
  const bar = x >= 0.3 && x <= 0.5 && ((y >= 0.19 && y <= 0.26) || (y >= 0.54 && y <= 0.61));
  if (stem || bowl || bar) return WHITE;
  if (x >= 0.44 && r < 0.09) return CORE;
  return null;
}

function roundedInside(u, v, radius) {
  const cx = Math.min(Math.max(u, radius), 1 - radius);
  const cy = Math.min(Math.max(v, radius), 1 - radius);
  return Math.hypot(u - cx, v - cy) <= radius;
}

const any = (u, v) => {
  if (!roundedInside(u, v, 0.18)) return [0, 0, 0, 0];
  return [...(glyph(u, v, 1) ?? ORANGE), 255];
};
const maskable = (u, v) => [...(glyph(u, v, 0.72) ?? ORANGE), 255];

const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
writeFileSync(out('pwa-192x192.png'), png(192, any));
writeFileSync(out('pwa-512x512.png'), png(512, any));
writeFileSync(out('maskable-icon-512x512.png'), png(512, maskable));
writeFileSync(out('apple-touch-icon-180x180.png'), png(180, maskable));
console.log('icons written to public/');
