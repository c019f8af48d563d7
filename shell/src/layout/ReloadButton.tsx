import styled from 'styled-components';
import { BOTTOM_NAV_HEIGHT, color, onMobile } from '@satta/shared/ui';
import { RELOAD_LABEL } from '../strings.ts';

const SIZE = '3.25rem';
/** The floating button's distance from the screen's right and bottom edges. */
const FLOAT_INSET = '1.5rem';

/** The widest page (Main's max-width) plus room for the button in the margin on either side. */
const FLOATS_FROM = `calc(60rem + 2 * (${SIZE} + ${FLOAT_INSET}))`;

/** Where the button floats in the bottom-right corner (wide screens), for what must keep clear of it. */
export const onReloadFloating = `@media (min-width: ${FLOATS_FROM})`;

/** The floating button's top edge, measured from the bottom of the screen. */
export const RELOAD_FLOAT_TOP = `calc(${FLOAT_INSET} + ${SIZE})`;

/**
 * The button never covers content (issue 12, point 3). On a phone it sits at the end of the
 * bottom bar, in a slot the navigation leaves free (Nav's $reloadSlot); on a wide screen it
 * floats in the empty margin beside the page; in between it stands in the header.
 */
export const RELOAD_SLOT_WIDTH = '3.5rem';

const Reload = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: ${SIZE};
  height: ${SIZE};
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: ${color('--color-cta-bg')};
  color: ${color('--color-cta-text')};
  font-size: 1.6rem;
  line-height: 1;
  cursor: pointer;
  box-shadow: 0 3px 8px rgb(0 0 0 / 35%);

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }

  ${onReloadFloating} {
    position: fixed;
    right: ${FLOAT_INSET};
    bottom: ${FLOAT_INSET};
    z-index: 700;
  }

  ${onMobile} {
    position: fixed;
    right: calc((${RELOAD_SLOT_WIDTH} - 2.75rem) / 2);
    bottom: calc((${BOTTOM_NAV_HEIGHT} - 2.75rem) / 2 + env(safe-area-inset-bottom, 0px));
    z-index: 801;
    width: 2.75rem;
    height: 2.75rem;
    font-size: 1.4rem;
    box-shadow: none;
  }
`;

/** The button that reloads the whole page (docs/product.md, Page frame). */
export function ReloadButton() {
  return (
    <Reload type="button" aria-label={RELOAD_LABEL} title={RELOAD_LABEL} data-testid="reload" onClick={() => window.location.reload()}>
      <span aria-hidden="true">⟳</span>
    </Reload>
  );
}
