import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GAMES } from '../shared/domain/games.ts';
import { DEFAULT_TIMEZONE, addDays } from '../shared/domain/siteTime.ts';
import { describePreview, previewSvg, svgToPng } from '../server/render/src/linkPreview.ts';
import { testSnapshot } from '../server/render/src/testSupport.ts';

/*
 * What a link-preview image costs the render service (server/render/src/linkPreview.ts), for
 * the home page with every game of the registry and for a chart's month: the part on the event
 * loop (HarfBuzz shaping and the SVG), the whole render (resvg on libuv's pool, PNG encoding),
 * the PNG's size, and the longest the event loop was held while 20 images rendered.
 *
 *   npx tsx scripts/bench-preview.ts
 */
const RUNS = 20;
const TODAY = '2026-11-26';
const YESTERDAY = addDays(TODAY, -1);

const snapshot = testSnapshot({
  at: Date.UTC(2026, 10, 26, 9, 0),
  todayKey: TODAY,
  gameNames: GAMES.map((game) => game.name),
  games: GAMES.map((game, i) => ({
    name: game.name,
    time: game.defaultTime,
    place: game.place,
    results: Object.fromEntries(
      Array.from({ length: 26 }, (_, day) => [
        `2026-11-${String(day + 1).padStart(2, '0')}`,
        String((i * 7 + day * 13) % 100).padStart(2, '0'),
      ]),
    ),
  })),
  khaiwals: [],
  mainInfo: {},
  adInfo: {},
  live: { days: {}, v: {} },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// The machine's own noise: the longest event-loop delay while the process only waits, as long as the runs take.
const idle = monitorEventLoopDelay({ resolution: 1 });
idle.enable();
await new Promise((done) => setTimeout(done, 1000));
idle.disable();
console.log(`bench-preview: idle for 1 s, the longest event-loop delay was ${(idle.max / 1e6).toFixed(1)} ms (a busy machine's share)`);

for (const target of [{ kind: 'home' } as const, { kind: 'chart', game: 'Gali', year: 2026 } as const]) {
  const preview = describePreview(target, snapshot);
  const cold = performance.now();
  await svgToPng(previewSvg(preview.model, snapshot.at, DEFAULT_TIMEZONE));
  const coldMs = performance.now() - cold;
  const onLoop: number[] = [];
  const whole: number[] = [];
  let bytes = 0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const svg = previewSvg(preview.model, snapshot.at, DEFAULT_TIMEZONE);
    onLoop.push(performance.now() - started);
    const png = await svgToPng(svg);
    whole.push(performance.now() - started);
    bytes = png.length;
  }
  delay.disable();
  console.log(
    `bench-preview: ${preview.path.replace(/-[0-9a-f]+\.png$/, '')} (${target.kind === 'home' ? `${GAMES.length} games, ${YESTERDAY} and ${TODAY}` : 'one month'}): ` +
      `first ${coldMs.toFixed(0)} ms; then median ${median(onLoop).toFixed(1)} ms on the event loop, ${median(whole).toFixed(1)} ms in all; ` +
      `longest event-loop delay ${(delay.max / 1e6).toFixed(1)} ms; PNG ${(bytes / 1024).toFixed(0)} KB`,
  );
}
