import { describe, expect, it } from 'vitest';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID, databaseNamespace, defaultNamespace } from './namespace.ts';
import { DEFAULT_PROJECT_ID, defaultNamespaceOf } from '../../server/rtdb/src/defaults.ts';
import { DEFAULT_NAMESPACE as SEEDED_NAMESPACE } from '../../scripts/seed.ts';

describe('the database namespace', () => {
  it("is a project's default database", () => {
    expect(defaultNamespace('demo-satta')).toBe('demo-satta-default-rtdb');
  });

  it("is a URL's ns parameter (the emulator's form), else its host's first label", () => {
    expect(databaseNamespace('http://127.0.0.1:9000?ns=demo-satta-default-rtdb')).toBe('demo-satta-default-rtdb');
    expect(databaseNamespace('https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app')).toBe('satta-prod-default-rtdb');
    expect(databaseNamespace(new URL('https://demo-x.firebaseio.com/'))).toBe('demo-x');
  });

  it('is the same for the local stack, the seed and the local database server', () => {
    expect(LOCAL_PROJECT_ID).toBe('demo-satta');
    expect(LOCAL_NAMESPACE).toBe('demo-satta-default-rtdb');
    expect(SEEDED_NAMESPACE).toBe('demo-satta-default-rtdb');
    // The local server keeps Firebase's rule of its own (it stands in for Firebase): the two agree.
    expect(DEFAULT_PROJECT_ID).toBe('demo-satta');
    expect(defaultNamespaceOf(DEFAULT_PROJECT_ID)).toBe('demo-satta-default-rtdb');
    for (const project of ['demo-x', 'satta-prod']) expect(defaultNamespaceOf(project)).toBe(defaultNamespace(project));
  });
});
