import { STARTUP_FAILED_EN, STARTUP_FAILED_HI } from './strings.ts';

/** Shown when /config.json cannot be read: without it there is no database to talk to. */
export function StartupError() {
  return (
    <main style={{ padding: '2rem 1rem', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <p lang="hi">{STARTUP_FAILED_HI}</p>
      <p lang="en">{STARTUP_FAILED_EN}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
