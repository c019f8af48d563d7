/** The site's name as schema.org's `creator` of a chart (the titles' own 'Satta King Result'). */
const SITE_NAME = 'Satta King Result';

/**
 * schema.org Dataset of one game's yearly chart (the 31 x 12 table of its results): the JSON-LD
 * the render service writes into a chart page's head.
 */
export function chartDataset(options: {
  game: string;
  year: number;
  url: string;
  description: string;
  lastResult: string | null;
  todayKey: string;
}): Record<string, unknown> {
  const { game, year, url, description, lastResult, todayKey } = options;
  // A year still running covers up to today; a past one, the whole year.
  const end = todayKey.startsWith(`${year}-`) ? todayKey : `${year}-12-31`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: `${game} Chart ${year}`,
    description,
    url,
    temporalCoverage: `${year}-01-01/${end}`,
    inLanguage: ['hi', 'en'],
    isAccessibleForFree: true,
    keywords: [`${game} chart ${year}`, `${game} result`, 'satta king chart'],
    variableMeasured: `${game} result (00–99) for each day of ${year}, by day of the month and month`,
    ...(lastResult !== null && lastResult.startsWith(`${year}-`) ? { dateModified: lastResult } : {}),
    creator: { '@type': 'Organization', name: SITE_NAME },
  };
}
