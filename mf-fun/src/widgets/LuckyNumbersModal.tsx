import styled from 'styled-components';
import { CLOSE, LUCKY_NUMBERS_TITLE } from '@satta/shared/domain/messages';
import { Button, Modal, color } from '@satta/shared/ui';
import { LUCKY_TEXT } from '../lucky/luckyStrings.ts';
import { twoDigits } from '../lucky/twoDigits.ts';

const Numbers = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 10px;
  margin: 12px 0 20px;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: center;
    width: 3rem;
    height: 3rem;
    border: 2px solid ${color('--color-brand')};
    border-radius: 50%;
    background: ${color('--color-accent')};
    color: #2b1100;
    font-size: 1.3rem;
    font-weight: 800;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
`;

/** The 'Lucky Numbers' dialog: the draw in order, then Close (the modal keeps focus inside). */
export function LuckyNumbersModal({ numbers, onClose }: { numbers: readonly number[]; onClose: () => void }) {
  return (
    <Modal title={LUCKY_NUMBERS_TITLE} onClose={onClose}>
      <p>{LUCKY_TEXT.modalIntro}</p>
      <Numbers>
        {numbers.map((n, i) => (
          // A draw may repeat a number, so the position is part of the key.
          <li key={`${i}:${n}`}>{twoDigits(n)}</li>
        ))}
      </Numbers>
      <Actions>
        <Button type="button" onClick={onClose}>
          {CLOSE}
        </Button>
      </Actions>
    </Modal>
  );
}
