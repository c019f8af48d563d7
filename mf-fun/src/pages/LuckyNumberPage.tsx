import styled from 'styled-components';
import { Card, color } from '@satta/shared/ui';
import { useLuckyForm } from '../hooks/useLuckyForm.ts';
import { LuckyForm } from '../widgets/LuckyForm.tsx';
import { LuckyGrid } from '../widgets/LuckyGrid.tsx';
import { LuckyNumbersModal } from '../widgets/LuckyNumbersModal.tsx';
import { LUCKY_TEXT } from '../lucky/luckyStrings.ts';

const Page = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  padding: 0.75rem;
`;

const Heading = styled.h1`
  margin: 0 0 0.5rem;
  font-size: 1.5rem;
  text-align: center;
  color: ${color('--color-brand')};
`;

const Hint = styled.p`
  margin: 0.75rem 0 0.5rem;
  color: ${color('--color-muted')};
`;

/**
 * Exposed page at /lucky-number: the form, the 0–99 grid and the 'Lucky Numbers' modal. The
 * shell places the result widgets and the slot machine around it (remotes never import remotes).
 */
export default function LuckyNumberPage() {
  const form = useLuckyForm();
  const { numbers, modalOpen } = form.state;
  return (
    <Page>
      <Card>
        <Heading>{LUCKY_TEXT.heading}</Heading>
        <p>{LUCKY_TEXT.intro}</p>
        <LuckyForm form={form} />
      </Card>
      <Card>
        <Hint>{LUCKY_TEXT.gridHint}</Hint>
        <LuckyGrid numbers={numbers} />
      </Card>
      {modalOpen && numbers !== null && <LuckyNumbersModal numbers={numbers} onClose={form.close} />}
    </Page>
  );
}
