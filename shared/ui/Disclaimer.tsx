import styled from 'styled-components';
import { DISCLAIMER } from '../domain/messages.ts';
import { color } from './tokens.ts';

const Box = styled.aside`
  box-sizing: border-box;
  max-width: 60rem;
  margin: 1.5rem auto 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 8px;
  background: ${color('--color-surface')};
  color: ${color('--color-muted')};
  font-size: 0.85rem;
  line-height: 1.5;

  h2 {
    margin: 0 0 0.25rem;
    font-size: 0.95rem;
    color: ${color('--color-text')};
  }

  p {
    margin: 0 0 0.5rem;
  }
`;

/** The disclaimer every page carries, in Hindi and English. */
export function Disclaimer() {
  return (
    <Box aria-labelledby="disclaimer-title" data-testid="disclaimer">
      <h2 id="disclaimer-title">
        {DISCLAIMER.hi.title} / {DISCLAIMER.en.title}
      </h2>
      <p lang="hi">{DISCLAIMER.hi.text}</p>
      <p lang="en">{DISCLAIMER.en.text}</p>
    </Box>
  );
}
