import { useId } from 'react';
import { DEFAULT_RATES, safeUrl, telLink, waLink, type Khaiwal } from '@satta/shared/domain/agents';
import { Card, ContactLink, Label, Name, Pairs, Row, SectionTitle, WhatsAppLink } from './AgentCard.styles.ts';
import { AgentTimings } from './AgentTimings.tsx';
import { AGENT_TEXT } from './agentStrings.ts';

function PhoneLink({ phone, name }: { phone: string; name: string }) {
  const href = telLink(phone);
  if (href === null) return <span>{phone}</span>;
  return (
    <ContactLink href={href} aria-label={`${name} को कॉल करें: ${phone}`}>
      {phone}
    </ContactLink>
  );
}

/** The site is admin text: it becomes a link only when it is an http(s) address. */
function Website({ site }: { site: string }) {
  const href = safeUrl(site);
  if (href === null) return <span>{site}</span>;
  return (
    <ContactLink href={href} target="_blank" rel="noopener noreferrer nofollow">
      {site}
    </ContactLink>
  );
}

/** One khaiwal's card: contacts, payment, per-game timings and rates. */
export function AgentCard({ agent }: { agent: Khaiwal }) {
  const name = agent.name || AGENT_TEXT.unnamed;
  const phones = [agent.phone, agent.phone2].filter((p): p is string => typeof p === 'string' && p !== '');
  const wa = waLink(agent.wa);
  const rates = agent.customRates;
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Name id={headingId}>{name}</Name>
      {phones.length > 0 && (
        <Row>
          <Label>{AGENT_TEXT.phone}:</Label>
          {phones.map((phone, i) => (
            <PhoneLink key={`${i}:${phone}`} phone={phone} name={name} />
          ))}
        </Row>
      )}
      {wa !== null && (
        <Row>
          <WhatsAppLink href={wa} target="_blank" rel="noopener noreferrer" aria-label={`${name}: ${AGENT_TEXT.whatsapp}`}>
            {AGENT_TEXT.whatsapp}
          </WhatsAppLink>
        </Row>
      )}
      {agent.site !== '' && (
        <Row>
          <Label>{AGENT_TEXT.website}:</Label>
          <Website site={agent.site} />
        </Row>
      )}
      {agent.payment !== '' && (
        <Row>
          <Label>{AGENT_TEXT.payment}:</Label>
          {agent.payment}
        </Row>
      )}
      <AgentTimings agent={agent} />
      <section>
        <SectionTitle>{AGENT_TEXT.rates}</SectionTitle>
        <Pairs>
          <dt>{AGENT_TEXT.jodi}</dt>
          <dd>{rates.jodi || DEFAULT_RATES.jodi}</dd>
          <dt>{AGENT_TEXT.haruf}</dt>
          <dd>{rates.haruf || DEFAULT_RATES.haruf}</dd>
        </Pairs>
      </section>
    </Card>
  );
}
