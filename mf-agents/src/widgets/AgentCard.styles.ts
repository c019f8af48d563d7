import styled from 'styled-components';
import { color } from '@satta/shared/ui';

export const Card = styled.article`
  background: ${color('--color-surface')};
  border: 1px solid ${color('--color-accent')};
  border-radius: 12px;
  padding: 12px 14px;
  box-shadow: 0 2px 6px rgb(0 0 0 / 8%);
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const Name = styled.h3`
  margin: 0 0 6px;
  font-size: 1.2rem;
  color: ${color('--color-brand')};
  text-align: center;
`;

export const Row = styled.p`
  margin: 2px 0;
  line-height: 1.5;
`;

export const Label = styled.span`
  font-weight: 600;
  margin-inline-end: 6px;
`;

export const ContactLink = styled.a`
  display: inline-block;
  min-height: 44px;
  line-height: 44px;
  margin-inline-end: 12px;
  color: ${color('--color-focus')};
  font-weight: 600;

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

export const WhatsAppLink = styled(ContactLink)`
  padding: 0 14px;
  border-radius: 22px;
  background: #0e7a3f; /* WhatsApp green, darkened for 4.5:1 contrast with white text */
  color: #fff;
  text-decoration: none;
`;

export const SectionTitle = styled.h4`
  margin: 8px 0 4px;
  font-size: 1rem;
  color: ${color('--color-brand')};
`;

export const Pairs = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  margin: 0;

  dt {
    font-weight: 500;
  }

  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;
