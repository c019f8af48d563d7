import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { BOTTOM_NAV_HEIGHT, Button, color, onMobile, visuallyHidden } from '@satta/shared/ui';
import { CHART_IMAGE_SITE, dataAsOf } from '@satta/shared/domain/messages';
import { DOWNLOAD_CSV, DOWNLOAD_FAILED, DOWNLOAD_GROUP_LABEL, DOWNLOAD_PNG, LINK_COPIED, SHARE_CHART, SHARE_UNAVAILABLE } from '../text.ts';
import * as files from './browser.ts';
import { dataTimeText, type ChartTable } from './csv.ts';

/*
 * The chart's 'Download' control: CSV, PNG and Share. It renders on the server as well (three
 * inert buttons until the client takes over) and is always there, disabled until the chart has
 * data, so nothing moves when the numbers arrive. Browser APIs are used only inside the clicks.
 */

const Group = styled.div`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
`;

const Small = styled(Button)`
  padding: 0.35rem 0.6rem;
  font-size: 0.85rem;
`;

/** The English echo: shown on wider screens, read by screen readers everywhere. */
const Echo = styled.span`
  ${onMobile} {
    ${visuallyHidden}
  }
`;

/** The live region: always in the page (so what is put in it is announced), out of the buttons' row. */
const Live = styled.span`
  position: absolute;
`;

/*
 * The outcome ('लिंक कॉपी हो गया (Link copied)') as a toast at the bottom of the screen, above
 * the phone's bottom bar: always in view, never under the table's stuck header (issue 28,
 * point 6), and fixed, so it moves nothing.
 */
const Toast = styled.span`
  position: fixed;
  bottom: 1.5rem;
  left: 50%;
  z-index: 950;
  box-sizing: border-box;
  width: max-content;
  max-width: calc(100vw - 2rem);
  padding: 0.5rem 0.9rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 6px;
  font-size: 0.9rem;
  font-weight: 600;
  text-align: center;
  background: ${color('--color-banner-bg')};
  color: ${color('--color-banner-text')};
  box-shadow: 0 4px 12px rgb(0 0 0 / 30%);
  transform: translateX(-50%);
  pointer-events: none;

  ${onMobile} {
    bottom: calc(${BOTTOM_NAV_HEIGHT} + 0.75rem + env(safe-area-inset-bottom, 0px));
  }
`;

interface Props {
  /** The chart as a table; null while it has no data (the buttons are then disabled). */
  table: ChartTable | null;
  /** The files' name without extension ('gali-2025-chart'). */
  fileBase: string;
  /** The chart's own address (a path), shared when files cannot be. */
  path: string;
  /** When the numbers on screen are from, when they are an older saved copy; else the click's time. */
  dataAt?: number | undefined;
  /** The site's configured zone: the image's 'Data as of' time is on its clock. */
  timezone: string;
  className?: string;
}

export function ChartDownload({ table, fileBase, path, dataAt, timezone, className }: Props) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string) => {
    setStatus(text);
    clearTimeout(timer.current);
    if (text) timer.current = setTimeout(() => setStatus(''), 5000);
  };

  const heading = () => ({ site: CHART_IMAGE_SITE, note: dataAsOf(dataTimeText(dataAt ?? Date.now(), timezone)) });

  async function run(action: (table: ChartTable) => Promise<void>) {
    if (!table || busy) return;
    setBusy(true);
    say('');
    try {
      await action(table);
    } catch (error) {
      console.error('chart download failed', error);
      say(DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  const csv = () => run(async (t) => files.saveBlob(files.csvBlob(t), `${fileBase}.csv`));
  const png = () => run(async (t) => files.saveBlob(await files.pngBlob(t, heading()), `${fileBase}.png`));
  const share = () =>
    run(async (t) => {
      const outcome = await files.shareChart({
        title: t.title,
        url: new URL(path, window.location.href).href,
        image: async () => new File([await files.pngBlob(t, heading())], `${fileBase}.png`, { type: 'image/png' }),
      });
      if (outcome === 'copied') say(LINK_COPIED);
      else if (outcome === 'unavailable') say(SHARE_UNAVAILABLE);
    });

  const disabled = table === null;
  return (
    <Group role="group" aria-label={DOWNLOAD_GROUP_LABEL} aria-busy={busy || undefined} className={className} data-testid="chart-download">
      {[
        { label: DOWNLOAD_CSV, onClick: csv },
        { label: DOWNLOAD_PNG, onClick: png },
        { label: SHARE_CHART, onClick: share },
      ].map(({ label, onClick }) => (
        <Small key={label.en} type="button" $variant="secondary" disabled={disabled} onClick={onClick}>
          {label.hi} <Echo>({label.en})</Echo>
        </Small>
      ))}
      <Live role="status">{status && <Toast data-testid="chart-download-status">{status}</Toast>}</Live>
    </Group>
  );
}
