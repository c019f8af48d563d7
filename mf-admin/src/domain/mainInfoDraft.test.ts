import { describe, expect, it } from 'vitest';
import { checkMainInfo, mainInfoDraft } from './mainInfoDraft.ts';

const draft = (email: string) => ({ ...mainInfoDraft({ name: 'Raju', phnnumber: '+91 90000 00001' }), email });
const EMAIL_ERROR = 'Enter an email like name@example.com (no spaces, ? & # / or :), or leave it empty.';

describe('checkMainInfo: the email', () => {
  it.each([
    ['', true],
    ['raju@example.com', true],
    [' raju@example.com ', true],
    ['raju@example', false],
    ['raju example.com', false],
    ['raju@example.com?subject=hi', false],
    ['raju@example.com#x', false],
    ['https://raju@example.com', false],
  ])('%j accepted: %s', (email, accepted) => {
    const checked = checkMainInfo(draft(email));
    expect(checked.ok ? 'accepted' : checked.error).toBe(accepted ? 'accepted' : EMAIL_ERROR);
  });
});
