import targaryen from 'targaryen';
import { describe, expect, it } from 'vitest';
import { seedData } from '../scripts/seed-data.ts';
import { ADMIN_UID } from './cases.ts';
import { loadRules } from './load-rules.ts';

// The sample data must be something the admin could have written through the rules, or the
// local stack would show data the production rules would never let in.
describe('seed data under the rules', () => {
  const tree = seedData({ days: 400, today: '2025-03-09' });
  const admin = targaryen
    .database(loadRules(), null)
    .with({ debug: true })
    .as({ uid: ADMIN_UID, token: { admin: true } });

  it.each(Object.keys(tree) as (keyof typeof tree)[])('the admin may write the seeded %s', (key) => {
    const result = admin.write(`/${key}`, tree[key]);
    expect(result.allowed, result.info.slice(0, 2000)).toBe(true);
  });
});
