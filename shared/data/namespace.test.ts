import { describe, expect, it } from 'vitest';
import { databaseNamespace, defaultNamespace } from './namespace.ts';

describe('the database namespace', () => {
  it("is a project's default database", () => {
    expect(defaultNamespace('demo-satta')).toBe('demo-satta-default-rtdb');
  });

  it("is a URL's ns parameter (the emulator's form), else its host's first label", () => {
    expect(databaseNamespace('http://127.0.0.1:9000?ns=demo-satta-default-rtdb')).toBe('demo-satta-default-rtdb');
    expect(databaseNamespace('https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app')).toBe('satta-prod-default-rtdb');
    expect(databaseNamespace(new URL('https://demo-x.firebaseio.com/'))).toBe('demo-x');
  });
});
