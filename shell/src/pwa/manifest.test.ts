import { describe, expect, it } from 'vitest';
import MANIFEST from '../../public/manifest.webmanifest?raw';
import INDEX_HTML from '../../index.html?raw';
import ICON_192 from '../../public/icons/app-192.png?inline';
import ICON_512 from '../../public/icons/app-512.png?inline';

/** The committed icon files, as data URLs. */
const FILES: Record<string, string> = { '/icons/app-192.png': ICON_192, '/icons/app-512.png': ICON_512 };

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(MANIFEST) as Record<string, unknown> & { icons: Icon[] };

/** Width and height from the IHDR chunk of a PNG given as a data URL. */
function pngSize(dataUrl: string | undefined): [number, number] {
  expect(dataUrl?.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Uint8Array.from(atob(dataUrl?.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  expect(String.fromCharCode(...bytes.subarray(1, 4))).toBe('PNG');
  return [view.getUint32(16), view.getUint32(20)];
}

describe('the web app manifest', () => {
  it('names the site in Hindi and opens it standalone at /', () => {
    expect(manifest).toMatchObject({
      name: 'सट्टा किंग रिज़ल्ट – आज का रिज़ल्ट',
      short_name: 'सट्टा रिज़ल्ट',
      lang: 'hi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7b1f1f',
    });
  });

  it('has 192 and 512 px PNG icons, each also maskable, and the files have those sizes', () => {
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const [width, height] = pngSize(FILES[icon.src]);
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('is linked from index.html, whose theme-color matches', () => {
    const html = INDEX_HTML;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<meta name="theme-color" content="#7b1f1f" />');
  });
});
