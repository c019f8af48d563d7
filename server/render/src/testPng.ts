import { inflateSync } from 'node:zlib';

/*
 * A PNG decoder for the tests (no PNG package is installed): 8-bit greyscale, RGB, grey+alpha or
 * RGBA, not interlaced, which is what resvg and Chromium's screenshots write. Pixels come out as
 * RGBA.
 */

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Width and height from the IHDR chunk (what a client reads first). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const data = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!data.subarray(0, 8).equals(SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

export function decodePng(png: Uint8Array): DecodedPng {
  const data = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const { width, height } = pngSize(data);
  const [depth, colour, , , interlace] = data.subarray(24, 29);
  const channels = CHANNELS[colour ?? -1];
  if (depth !== 8 || channels === undefined || interlace !== 0)
    throw new Error(`PNG not handled: depth ${depth}, colour ${colour}, interlace ${interlace}`);
  const chunks: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') chunks.push(data.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? (rows[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] ?? 0) : 0;
      const value = line[x] ?? 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`PNG filter ${filter}`);
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const source = rows.subarray(i * channels, (i + 1) * channels);
    const [first = 0, second = 0, third = 0, fourth = 255] = source;
    const [r, g, b, alpha] =
      channels === 1 ? [first, first, first, 255] : channels === 2 ? [first, first, first, second] : [first, second, third, fourth];
    pixels.set([r, g, b, alpha], i * 4);
  }
  return { width, height, pixels };
}

/**
 * How dark each pixel is on a white background (0 none .. 1 black), composited over white and
 * taken as 1 - luminance: the "ink" of text drawn in a dark colour.
 */
export function inkOf(image: DecodedPng): Float64Array {
  const ink = new Float64Array(image.width * image.height);
  for (let i = 0; i < ink.length; i += 1) {
    const alpha = (image.pixels[i * 4 + 3] ?? 255) / 255;
    const over = (channel: number) => ((image.pixels[i * 4 + channel] ?? 255) * alpha + 255 * (1 - alpha)) / 255;
    ink[i] = 1 - (0.2126 * over(0) + 0.7152 * over(1) + 0.0722 * over(2));
  }
  return ink;
}
