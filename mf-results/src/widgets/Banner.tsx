import styled from 'styled-components';
import { useRead } from '@satta/shared/data';
import { color, StaleBadge } from '@satta/shared/ui';
import { LOADING } from '@satta/shared/domain/messages';
import { safeUrl, waLink } from '@satta/shared/domain/agents';
import { Marquee } from '../ui/Marquee.tsx';
import { BANNER_LABEL, CONTACT_LABEL, JOIN_CHANNEL, NOTICE_LABEL } from '../text.ts';

const Section = styled.section`
  box-sizing: border-box;
  max-width: 100%;
  margin: 0 auto 1rem;
  padding: 0.5rem 0.75rem;
  border-radius: 8px;
  background: ${color('--color-banner-bg')};
  color: ${color('--color-banner-text')};
  font-weight: 600;
  text-align: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: center;
  justify-content: center;
  margin-top: 0.5rem;
`;

const JoinLink = styled.a`
  display: inline-block;
  padding: 0.5rem 1rem;
  border-radius: 999px;
  background: ${color('--color-cta-bg')};
  color: ${color('--color-cta-text')};
  text-decoration: none;

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

/** The admin's notice: still text, readable at its own pace (the banner above it scrolls). */
const Notice = styled.p`
  margin: 0.5rem 0 0;
  padding: 0.5rem 0.6rem;
  border-radius: 6px;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  font-weight: 400;
  line-height: 1.6;
  text-align: start;
  overflow-wrap: anywhere;

  strong {
    margin-inline-end: 0.35rem;
  }
`;

const Contact = styled.p`
  margin: 0;

  a {
    color: inherit;
  }
`;

/**
 * The admin's scrolling banner and notice text, the join-channel call to action and the contact
 * number.
 */
export default function Banner() {
  // The `mian` record: banner text, channel link, contact number.
  const info = useRead((data) => data.mainInfo$(), []);
  const banner = info.data?.banner?.trim() || (info.data ? '' : LOADING);
  const channel = safeUrl(info.data?.channel);
  const notice = info.data?.notice?.trim() ?? '';
  const phone = info.data?.phnnumber?.trim() ?? '';
  const whatsapp = phone ? waLink(phone) : null;
  return (
    <Section aria-label={BANNER_LABEL}>
      {banner && <Marquee text={banner} />}
      <StaleBadge show={info.stale && info.data !== undefined} at={info.at} />
      {notice && (
        <Notice data-testid="notice">
          <strong>{NOTICE_LABEL}:</strong>
          {notice}
        </Notice>
      )}
      {(channel || phone) && (
        <Actions>
          {channel && (
            <JoinLink href={channel} target="_blank" rel="noopener noreferrer">
              {JOIN_CHANNEL}
            </JoinLink>
          )}
          {phone && (
            <Contact>
              {CONTACT_LABEL}:{' '}
              {whatsapp ? (
                <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                  {phone}
                </a>
              ) : (
                phone
              )}
            </Contact>
          )}
        </Actions>
      )}
    </Section>
  );
}
