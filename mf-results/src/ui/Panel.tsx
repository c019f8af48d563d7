import styled from 'styled-components';

/** The card every home widget sits in, so the widgets line up whichever page composes them. */
export const Panel = styled.section`
  box-sizing: border-box;
  max-width: 100%;
  margin: 0 auto 1rem;
  padding: 0.75rem;
  border-radius: 8px;
  background: var(--color-surface, #ffffff);
  color: var(--color-text, #1a1a1a);
  box-shadow: 0 1px 3px rgb(0 0 0 / 15%);
`;

export const PanelHeading = styled.h2`
  margin: 0 0 0.5rem;
  font-size: 1.1rem;
  text-align: center;
`;
