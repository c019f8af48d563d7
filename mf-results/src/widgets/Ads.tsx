import { useId } from 'react';
import styled from 'styled-components';
import { useRead } from '@satta/shared/data';
import { Card, CardHeading, color } from '@satta/shared/ui';
import { ADS_HEADING, ADS_TIME } from '../text.ts';

const List = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.25rem 0.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px dashed ${color('--color-accent')};
  border-radius: 6px;
  overflow-wrap: anywhere;
`;

const Label = styled.span`
  display: block;
  color: ${color('--color-muted')};
  font-size: 0.85rem;
`;

const Name = styled.strong`
  font-size: 1.05rem;
`;

/**
 * The admin's ad info (`adinfo`), in a block that says it is advertising, so it is never taken
 * for a result. Nothing at all while there are no ads.
 */
export default function Ads() {
  const headingId = useId();
  // The ads keyed by label, each with a name and a time.
  const { data } = useRead((service) => service.adInfo$(), []);
  const ads = Object.entries(data ?? {}).filter(([, ad]) => (ad?.name ?? '').trim() !== '');
  if (ads.length === 0) return null;
  return (
    <Card aria-labelledby={headingId} data-testid="ads">
      <CardHeading id={headingId}>{ADS_HEADING}</CardHeading>
      <List>
        {ads.map(([label, ad]) => (
          <Item key={label}>
            <span>
              <Label>{label}</Label>
              <Name>{ad.name}</Name>
            </span>
            {ad.time?.trim() && (
              <span>
                {ADS_TIME}: {ad.time}
              </span>
            )}
          </Item>
        ))}
      </List>
    </Card>
  );
}
