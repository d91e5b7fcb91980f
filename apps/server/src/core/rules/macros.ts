import { formatDate } from '../../tools/dates';

/** The datetime macros of the filter language, computed in UTC when the filter is compiled. */
export function macroValue(name: string, now = new Date()): string | number | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const day = (offset: number) => formatDate(new Date(now.getTime() + offset * 86_400_000));
  switch (name) {
    case '@now':
      return formatDate(now);
    case '@yesterday':
      return day(-1);
    case '@tomorrow':
      return day(1);
    case '@todayStart':
      return formatDate(new Date(Date.UTC(y, m, d)));
    case '@todayEnd':
      return formatDate(new Date(Date.UTC(y, m, d, 23, 59, 59, 999)));
    case '@monthStart':
      return formatDate(new Date(Date.UTC(y, m, 1)));
    case '@monthEnd':
      return formatDate(new Date(Date.UTC(y, m + 1, 0, 23, 59, 59, 999)));
    case '@yearStart':
      return formatDate(new Date(Date.UTC(y, 0, 1)));
    case '@yearEnd':
      return formatDate(new Date(Date.UTC(y, 11, 31, 23, 59, 59, 999)));
    case '@second':
      return now.getUTCSeconds();
    case '@minute':
      return now.getUTCMinutes();
    case '@hour':
      return now.getUTCHours();
    case '@day':
      return d;
    case '@month':
      return m + 1;
    case '@weekday':
      return now.getUTCDay();
    case '@year':
      return y;
    default:
      return undefined;
  }
}
