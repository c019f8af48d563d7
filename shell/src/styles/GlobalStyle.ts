import { createGlobalStyle } from 'styled-components';
import { BOTTOM_NAV_HEIGHT, FONT_FAMILY_DEVANAGARI, FONT_STACK, ROOT_CSS_VARIABLES, color, onMobile } from '@satta/shared/ui';
import devanagariRegular from '../assets/fonts/NotoSansDevanagari-Regular.subset.woff2';

/**
 * Self-hosted Devanagari (Noto Sans Devanagari, SIL OFL 1.1: /fonts/OFL.txt), subset by
 * shell/scripts/make-font.ts. The unicode-range below must match that script's ranges: the
 * browser downloads the file only for a page that shows Hindi, and Latin stays on system fonts.
 */
export const DEVANAGARI_RANGE = 'U+0900-097F, U+1CD0-1CFF, U+A8E0-A8FF, U+200C-200D, U+20B9, U+25CC';

export const GlobalStyle = createGlobalStyle`
  @font-face {
    font-family: '${FONT_FAMILY_DEVANAGARI}';
    src: url(${devanagariRegular}) format('woff2');
    font-weight: 100 900;
    font-style: normal;
    font-display: swap;
    unicode-range: ${DEVANAGARI_RANGE};
  }

  :root {
    ${ROOT_CSS_VARIABLES}
    color-scheme: light;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-width: 320px;
    background: ${color('--color-page')};
    color: ${color('--color-text')};
    font-family: ${FONT_STACK};
    line-height: 1.45;
    ${onMobile} {
      /* keeps the last content clear of the fixed bottom navigation */
      padding-bottom: calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom, 0px));
    }
  }

  a {
    color: ${color('--color-cta-bg')};
  }

  :focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
