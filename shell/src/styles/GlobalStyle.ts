import { createGlobalStyle } from 'styled-components';
import { BOTTOM_NAV_HEIGHT, FONT_CLASS, FONT_STACK, ROOT_CSS_VARIABLES, SYSTEM_FONT_STACK, color, onMobile } from '@satta/shared/ui';
/**
 * The Devanagari face's unicode-range: shell/scripts/make-font.ts keeps these ranges in the
 * subset. The face itself is declared once, in index.html (see there why).
 */
export const DEVANAGARI_RANGE = 'U+0900-097F, U+1CD0-1CFF, U+A8E0-A8FF, U+200C-200D, U+20B9, U+25CC';

/** The page's base styles; FONT_STACK names index.html's Devanagari face first, once the browser has it (FONT_CLASS). */
export const GlobalStyle = createGlobalStyle`
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
    font-family: ${SYSTEM_FONT_STACK};
    line-height: 1.45;
    ${onMobile} {
      /* keeps the last content clear of the fixed bottom navigation */
      padding-bottom: calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom, 0px));
    }
  }

  html.${FONT_CLASS} body {
    font-family: ${FONT_STACK};
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
