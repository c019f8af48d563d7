import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import type { ContactDetails } from '../contact/contactDetails.ts';
import { CONTACT_TEXT } from './contactStrings.ts';

const Page = styled.section`
  max-width: 640px;
  margin: 0 auto;
  padding: 24px 16px;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;

const Heading = styled.h1`
  margin: 0 0 12px;
  font-size: 1.6rem;
  color: ${color('--color-brand')};
`;

const Item = styled.p`
  margin: 12px 0;
`;

const Label = styled.span`
  font-weight: 600;
  margin-inline-end: 6px;
`;

const Link = styled.a`
  display: inline-block;
  min-height: 44px;
  line-height: 44px;
  color: ${color('--color-focus')};
  font-weight: 600;

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

const ChatLink = styled(Link)`
  padding: 0 18px;
  border-radius: 22px;
  background: #0e7a3f; /* WhatsApp green, darkened for 4.5:1 contrast with white text */
  color: #fff;
  text-decoration: none;
`;

/** The contact page for what main info offers; `details` is null while it is loading. */
export function ContactView({ details }: { details: ContactDetails | null }) {
  const nothing = details !== null && details.firstName === null && details.mailto === null && details.whatsapp === null;
  return (
    <Page aria-busy={details === null}>
      <Heading>{CONTACT_TEXT.heading}</Heading>
      <Item>{CONTACT_TEXT.intro}</Item>
      {details === null && <Item role="status">{CONTACT_TEXT.loading}</Item>}
      {nothing && <Item>{CONTACT_TEXT.missing}</Item>}
      {details !== null && !nothing && (
        <>
          {details.firstName !== null && (
            <Item>
              <Label>{CONTACT_TEXT.contactPerson}:</Label>
              <strong>{details.firstName}</strong>
            </Item>
          )}
          <Item>
            <Label>{CONTACT_TEXT.email}:</Label>
            {details.mailto !== null ? <Link href={details.mailto}>{details.email}</Link> : CONTACT_TEXT.noEmail}
          </Item>
          <Item>
            {details.whatsapp !== null ? (
              <ChatLink href={details.whatsapp} target="_blank" rel="noopener noreferrer">
                {CONTACT_TEXT.whatsapp}
              </ChatLink>
            ) : (
              CONTACT_TEXT.noWhatsapp
            )}
          </Item>
        </>
      )}
    </Page>
  );
}
