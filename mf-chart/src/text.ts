// Wording of the chart page that the specification leaves open (our wording). The
// specification's own strings come from @satta/shared/domain/messages.

export const SEARCH_LABEL = 'Search sattaname';
export const YEAR_LABEL = 'Year';
export const MONTHLY_CHART_HEADING = (month: string): string => `Monthly Chart ${month}`;
export const MONTHLY_CHART_CAPTION = (month: string, part: number): string => `Monthly Chart ${month} (${part}/2)`;
