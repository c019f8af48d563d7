import styled from 'styled-components';
import { BOTTOM_NAV_HEIGHT, color, onMobile } from '@satta/shared/ui';
import { RELOAD_FLOAT_TOP, onReloadFloating } from '../layout/ReloadButton.tsx';

/*
 * A small card at the bottom edge instead of a centred modal: it leaves the results (the
 * current game's card and the table's first rows) readable, has no backdrop, and is too small
 * to become the page's largest paint. It never covers the reload button (issue 28, point 6):
 * where that floats in the bottom-right corner the card stands just above it; on a medium
 * screen the button is in the header, and on a phone in the bottom bar, above which the card
 * sits. Taller content (the games sheet) scrolls inside it.
 */
export const BottomCard = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 850;
  box-sizing: border-box;
  width: min(24rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: 0.75rem 0.9rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 10px;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  box-shadow: 0 4px 16px rgb(0 0 0 / 30%);
  ${onReloadFloating} {
    bottom: calc(${RELOAD_FLOAT_TOP} + 0.75rem);
    max-height: calc(100vh - ${RELOAD_FLOAT_TOP} - 1.75rem);
  }
  ${onMobile} {
    right: 0.5rem;
    bottom: calc(${BOTTOM_NAV_HEIGHT} + 0.5rem + env(safe-area-inset-bottom, 0px));
    width: calc(100vw - 1rem);
    max-height: calc(100vh - ${BOTTOM_NAV_HEIGHT} - 1.5rem - env(safe-area-inset-bottom, 0px));
  }
`;

export const CardTitle = styled.h2`
  margin: 0 0 0.6rem;
  font-size: 0.95rem;
  font-weight: 600;
  line-height: 1.4;
`;

export const CardHelp = styled.p`
  margin: 0 0 0.6rem;
  font-size: 0.9rem;
  line-height: 1.5;
`;

export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: flex-end;
  button {
    margin: 0;
    padding: 0.45rem 0.8rem;
    font-size: 0.9rem;
  }
`;
