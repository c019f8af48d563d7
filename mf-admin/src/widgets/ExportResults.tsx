import { useState } from 'react';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { Button, Label, Panel, Row, Select, StatusLine } from '@satta/shared/ui';
import {
  EXPORT_ALL_GAMES,
  EXPORT_BUTTON,
  EXPORT_GAME_LABEL,
  EXPORT_HELP,
  EXPORT_TITLE,
  exportDone,
  exportFailed,
  exportReading,
} from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { historyCsv, historyFileName, type GameHistory } from '../domain/historyCsv.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useGameNames } from '../hooks/useGameNames.ts';
import { useTimedMessage } from '../hooks/useTimedMessage.ts';

const ALL = '';

/** Hands the text to the browser as a file download. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The whole history as CSV, all games or one, for backups and migration. Nothing is read until
 * the admin asks: then each game's record is read once, one game at a time (the progress says
 * which), so the dashboard never holds twenty years of every game on open.
 */
export function ExportResults() {
  const data = useAdminData();
  const games = useGameNames();
  const [choice, setChoice] = useState(ALL);
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  async function exportCsv() {
    const wanted = choice === ALL ? games : [choice];
    setBusy(true);
    try {
      const histories: GameHistory[] = [];
      for (const [i, game] of wanted.entries()) {
        show(exportReading(game, i + 1, wanted.length), 'info', null);
        histories.push({ game, days: await data.resultHistory(game) });
      }
      const name = historyFileName(choice === ALL ? null : choice, data.todayKey());
      download(historyCsv(histories), name);
      show(
        exportDone(
          histories.reduce((sum, h) => sum + h.days.length, 0),
          name,
        ),
        'success',
        MESSAGE_MS,
      );
    } catch (error) {
      show(exportFailed(errorText(error)), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={EXPORT_TITLE}>
      <Label>
        {EXPORT_GAME_LABEL}
        <Select value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
          <option value={ALL}>{EXPORT_ALL_GAMES}</option>
          {games.map((game) => (
            <option key={game} value={game}>
              {game}
            </option>
          ))}
        </Select>
      </Label>
      <p>{EXPORT_HELP}</p>
      <Row>
        <Button $size="compact" type="button" disabled={busy || games.length === 0} onClick={() => void exportCsv()}>
          {EXPORT_BUTTON}
        </Button>
      </Row>
      <StatusLine message={message} />
    </Panel>
  );
}
