import styled from 'styled-components';
import { BOTTOM_NAV_HEIGHT, color, onMobile } from '@satta/shared/ui';
import { RELOAD_LABEL } from '../strings.ts';

const Floating = styled.button`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 700;
  width: 3.25rem;
  height: 3.25rem;
  border: 0;
  border-radius: 50%;
  background: ${color('--color-cta-bg')};
  color: ${color('--color-cta-text')};
  font-size: 1.6rem;
  line-height: 1;
  cursor: pointer;
  box-shadow: 0 3px 8px rgb(0 0 0 / 35%);

  ${onMobile} {
    bottom: calc(${BOTTOM_NAV_HEIGHT} + 0.75rem + env(safe-area-inset-bottom, 0px));
  }
`;

/** The floating button that reloads the whole page (docs/product.md, Page frame). */
export function ReloadButton() {
  return (
    <Floating type="button" aria-label={RELOAD_LABEL} title={RELOAD_LABEL} onClick={() => window.location.reload()}>
      <span aria-hidden="true">⟳</span>
    </Floating>
  );
}
