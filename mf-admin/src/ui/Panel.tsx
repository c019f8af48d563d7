import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { colors } from './theme.ts';

const Section = styled.section`
  background: ${colors.panel};
  border: 1px solid ${colors.line};
  border-radius: 10px;
  padding: 16px;
  min-width: 0;
  h2 {
    margin: 0 0 12px;
    font-size: 1.15rem;
    color: ${colors.ink};
  }
`;

/** One dashboard form or panel, named by its heading for screen readers. */
export function Panel({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <Section aria-labelledby={id} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}
