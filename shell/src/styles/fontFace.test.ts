import { describe, expect, it } from 'vitest';
import { FONT_FAMILY_DEVANAGARI, FONT_STACK } from '@satta/shared/ui';
import { DEVANAGARI_RANGE } from './GlobalStyle.ts';
import INDEX from '../../index.html?raw';

describe("index.html's Devanagari face", () => {
  const face = /@font-face\s*{([^}]*)}/.exec(INDEX)?.[1] ?? '';
  const property = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim();

  it('is the face the page names first, for the Devanagari the subset keeps', () => {
    expect(property('font-family')).toBe(`'${FONT_FAMILY_DEVANAGARI}'`);
    expect(FONT_STACK.startsWith(`'${FONT_FAMILY_DEVANAGARI}'`)).toBe(true);
    expect(property('unicode-range')).toBe(DEVANAGARI_RANGE);
  });

  it('is the self-hosted subset, never waited for on a first view', () => {
    expect(property('src')).toBe("url('/src/assets/fonts/NotoSansDevanagari-Regular.subset.woff2') format('woff2')");
    expect(property('font-display')).toBe('optional');
  });
});
