import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MonthTable } from './MonthTable.tsx';

/** The table's markup without styled-components' class names. */
const html = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/ class="[^"]*"/g, '');

const HEAD =
  '<caption>November 2026</caption><thead><tr><th scope="col">Date</th><th scope="col">Gali</th><th scope="col">Disawar</th></tr></thead>';

describe('the month table', () => {
  it('has a row per day with the day as its header and the cells the page draws', () => {
    const days = [
      { dateKey: '2026-11-01', label: '01-11' },
      { dateKey: '2026-11-02', label: '02-11' },
    ];
    const cells = [
      ['12', '-'],
      ['34', '56'],
    ];
    expect(
      html(<MonthTable caption="November 2026" columns={['Gali', 'Disawar']} days={days} cell={(r, c) => <td>{cells[r]?.[c]}</td>} />),
    ).toBe(
      `<table>${HEAD}<tbody>` +
        '<tr><th scope="row">01-11</th><td>12</td><td>-</td></tr>' +
        '<tr><th scope="row">02-11</th><td>34</td><td>56</td></tr>' +
        '</tbody></table>',
    );
  });

  it("marks today's row, and gives its header the id a link jumps to", () => {
    const days = [
      { dateKey: '2026-11-01', label: 1 },
      { dateKey: '2026-11-02', label: 2 },
    ];
    expect(
      html(
        <MonthTable
          caption="November 2026"
          columns={['Gali', 'Disawar']}
          days={days}
          todayKey="2026-11-02"
          todayId="today"
          cell={() => <td>-</td>}
        />,
      ),
    ).toBe(
      `<table>${HEAD}<tbody>` +
        '<tr><th scope="row">1</th><td>-</td><td>-</td></tr>' +
        '<tr aria-current="date"><th scope="row" id="today" tabindex="-1">2</th><td>-</td><td>-</td></tr>' +
        '</tbody></table>',
    );
  });

  it('says it is loading, or keeps the shape of the days so far', () => {
    const cell = () => <td>x</td>;
    expect(
      html(
        <MonthTable caption="November 2026" columns={['Gali', 'Disawar']} days={undefined} cell={cell} loading={{ text: 'Loading...' }} />,
      ),
    ).toBe(`<table>${HEAD}<tbody><tr><td colSpan="3">Loading...</td></tr></tbody></table>`);
    expect(
      html(<MonthTable caption="November 2026" columns={['Gali', 'Disawar']} days={undefined} cell={cell} loading={{ days: 2 }} />),
    ).toBe(
      `<table>${HEAD}<tbody><tr><td>1</td><td>\u00a0</td><td>\u00a0</td></tr><tr><td>2</td><td>\u00a0</td><td>\u00a0</td></tr></tbody></table>`,
    );
  });
});
