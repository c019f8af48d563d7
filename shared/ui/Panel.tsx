import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from './primitives.tsx';

const Section = styled(Card)`
  margin: 0;
  min-width: 0;
  padding: 1rem;
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.15rem;
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
