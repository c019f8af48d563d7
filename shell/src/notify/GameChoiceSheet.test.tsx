// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { getPushFollow, setPushFollow, toggleFollow, toggledGames } from '@satta/shared/ui';
import { ALL_GAMES, GameChoiceSheet, PICK_ONE, SAVE, SAVE_FAILED, sheetGames } from './GameChoiceSheet.tsx';
import { createFollow } from './followGames.ts';
import { NotificationPrompt } from './NotificationPrompt.tsx';

const ENDPOINT = 'https://push.example/me';

/** The notify service's PUT /subscriptions/games as the page sees it: what it was sent, what it answers. */
const service = vi.hoisted(() => ({
  sent: [] as unknown[],
  answer: (body: { games: unknown }): Response => new Response(JSON.stringify({ status: 'saved', games: body.games }), { status: 200 }),
}));

vi.mock('../push/browserPush.ts', () => ({
  notifyCall: () => ({
    notifyUrl: 'https://notify.example',
    fetch: async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { games: unknown };
      service.sent.push(body);
      return service.answer(body);
    },
  }),
  storedSubscription: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p', auth: 'a' } }),
}));
vi.mock('../push/resumePush.ts', () => ({ resumePush: () => undefined }));
vi.mock('../push/enablePush.ts', () => ({
  enablePush: vi.fn(async () => {
    // As the page does once the notify service stored the new subscription.
    setPushFollow({ active: true, games: null });
    return 'subscribed';
  }),
}));

const NAMES = ['Gali', 'Disawar', 'Sadak'];
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

beforeEach(() => {
  service.sent = [];
  service.answer = (body) => new Response(JSON.stringify({ status: 'saved', games: body.games }), { status: 200 });
  setPushFollow({ active: true, games: null });
});
afterEach(() => {
  cleanup();
  setPushFollow({ active: false, games: null });
  vi.restoreAllMocks();
});

describe('GameChoiceSheet', () => {
  it('starts at every game; unticking it lets the visitor tick games, and Save stores them', async () => {
    const onClose = vi.fn();
    render(<GameChoiceSheet onClose={onClose} names={NAMES} />);
    expect(checkbox(ALL_GAMES).checked).toBe(true);
    expect(NAMES.map((name) => [checkbox(name).checked, checkbox(name).matches(':disabled')])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(document.activeElement).toBe(checkbox(ALL_GAMES));

    fireEvent.click(checkbox(ALL_GAMES));
    expect(NAMES.map((name) => checkbox(name).checked)).toEqual([false, false, false]);
    expect(screen.getByText(PICK_ONE)).toBeDefined();
    expect((screen.getByRole('button', { name: SAVE }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(checkbox('Gali'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: SAVE }));
    });
    expect(service.sent).toEqual([{ endpoint: ENDPOINT, games: ['Gali'] }]);
    expect(getPushFollow()).toEqual({ active: true, games: ['Gali'] });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the stored choice, in any spelling of a game's name", () => {
    setPushFollow({ active: true, games: ['Disawer'] });
    render(<GameChoiceSheet onClose={() => undefined} names={NAMES} />);
    expect(checkbox(ALL_GAMES).checked).toBe(false);
    expect(NAMES.map((name) => checkbox(name).checked)).toEqual([false, true, false]);
  });

  it('says so when the service did not save, keeps the sheet open and the stored choice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    service.answer = () => new Response('{"error":"database unavailable"}', { status: 503 });
    const onClose = vi.fn();
    render(<GameChoiceSheet onClose={onClose} names={NAMES} />);
    fireEvent.click(checkbox(ALL_GAMES));
    fireEvent.click(checkbox('Sadak'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: SAVE }));
    });
    expect(screen.getByRole('alert').textContent).toBe(SAVE_FAILED);
    expect(onClose).not.toHaveBeenCalled();
    expect(getPushFollow()).toEqual({ active: true, games: null });
  });
});

describe('sheetGames', () => {
  it('offers the registry’s games and, after them, a game of the page the registry does not know, once', () => {
    const games = sheetGames(['Gali', 'Kalyan Night', 'Disawer', 'Kalyan Night']);
    expect(games).toHaveLength(18);
    expect(games.slice(0, 3)).toEqual(['Bilaspur', 'Mathura', 'Gangotri']);
    expect(games.at(-1)).toBe('Kalyan Night');
    expect(sheetGames(['Disawer', 'Gali'])).toHaveLength(17);
    expect(sheetGames(undefined)).toHaveLength(17);
  });
});

describe('the bells', () => {
  it('turn one game off from every game (the others stay on), and on again back to every game', () => {
    expect(toggledGames(null, 'Gali', NAMES)).toEqual(['Disawar', 'Sadak']);
    expect(toggledGames(['Disawar', 'Sadak'], 'Gali', NAMES)).toBeNull();
    expect(toggledGames(['Gali'], 'gali', NAMES)).toEqual([]);
    expect(toggledGames([], 'Sadak', NAMES)).toEqual(['Sadak']);
  });

  it('show the change at once, store it one request after the other, and put back the stored choice on a failure', async () => {
    const answers: ((response: Response) => void)[] = [];
    const follow = createFollow({
      endpoint: () => ENDPOINT,
      call: () => ({
        notifyUrl: 'https://notify.example',
        fetch: (async (_url: string, init: RequestInit) => {
          service.sent.push(JSON.parse(String(init.body)));
          return new Promise<Response>((resolve) => answers.push(resolve));
        }) as unknown as typeof fetch,
      }),
    });
    setPushFollow({ active: true, games: ['Gali'] });
    const off = follow.choose([]);
    expect(getPushFollow().games).toEqual([]);
    const on = follow.choose(['Gali', 'Sadak']);
    expect(getPushFollow().games).toEqual(['Gali', 'Sadak']);
    await act(async () => {
      await Promise.resolve();
    });
    // One request at a time.
    expect(service.sent).toEqual([{ endpoint: ENDPOINT, games: [] }]);
    answers[0]?.(new Response('{"status":"saved","games":[]}', { status: 200 }));
    await off;
    expect(getPushFollow().games).toEqual(['Gali', 'Sadak']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.(new Response('{"error":"x"}', { status: 503 }));
    await expect(on).rejects.toThrow('HTTP 503');
    // Back to what the service stored last.
    expect(getPushFollow().games).toEqual([]);
  });
});

describe('NotificationPrompt and the games', () => {
  beforeEach(() => {
    localStorage.clear();
    setPushFollow({ active: false, games: null });
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens the games sheet once 'हाँ, मुझे सूचित करें' subscribed, and again from the table's settings button", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      render(
        <>
          <div data-widget="mf-results/ResultTable">
            <table>
              <tbody>
                <tr data-game="Gali" />
              </tbody>
            </table>
          </div>
          <NotificationPrompt />
        </>,
      );
      await act(() => vi.advanceTimersByTimeAsync(4000));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'हाँ, मुझे सूचित करें' }));
      });
      const sheet = screen.getByRole('dialog', { name: 'किन खेलों की सूचना चाहिए? (Games to notify)' });
      expect((within(sheet).getByRole('checkbox', { name: ALL_GAMES }) as HTMLInputElement).checked).toBe(true);
      // The full list of games, in the result table's order.
      expect(within(sheet).getAllByRole('checkbox')).toHaveLength(18);
      fireEvent.click(within(sheet).getByRole('button', { name: 'बंद करें (Close)' }));
      expect(screen.queryByRole('dialog')).toBeNull();

      // The table's bell acts through the lent actions.
      await act(async () => {
        toggleFollow('Gali', ['Gali', 'Disawar']);
      });
      expect(service.sent).toEqual([{ endpoint: ENDPOINT, games: ['Disawar'] }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
