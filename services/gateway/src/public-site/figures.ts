import {
  getInternalSpeechFigures,
  getInternalTextFigures,
  LANGUAGE_GOAL_HOURS,
  LANGUAGES,
  type LanguageCodeValue,
  type PublicLanguages,
  type PublicStats,
  type SpeechFigures,
  type TextFigures,
} from '@platform/contracts';
import { HttpError, type ServiceClient } from '@platform/service-kit';

/** Both public answers, computed together from one pair of calls to the services. */
export interface PublicFigures {
  stats: PublicStats;
  languages: PublicLanguages;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * The landing page's counters and the /languages rows from what each service stores. Only the platform's
 * languages count; a donated voice pair is English and Yoruba at once.
 */
export function combineFigures(speech: SpeechFigures, text: TextFigures, at: Date): PublicFigures {
  const speechOf = new Map(speech.languages.map((row) => [row.language, row]));
  const textOf = new Map(text.languages.map((row) => [row.language, row]));
  const withData = (code: LanguageCodeValue) => {
    const s = speechOf.get(code);
    const t = textOf.get(code);
    if ((s?.recordings ?? 0) > 0) return true;
    if ((t?.sentencesStored ?? 0) > 0 || (t?.textPairsApproved ?? 0) > 0) return true;
    return speech.donations > 0 && (code === 'en' || code === 'yo');
  };
  const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const decided = speech.recordingsValidated + speech.recordingsRejected;
  const computedAt = at.toISOString();
  const stats: PublicStats = {
    languages: LANGUAGES.filter((l) => withData(l.code)).length,
    activeContributors: new Set([...speech.activeContributors, ...text.activeContributors]).size,
    dataPoints:
      sum(speech.languages, (r) => r.recordings) +
      speech.donations +
      sum(text.languages, (r) => r.sentencesStored) +
      text.textPairsStored,
    validationAccuracy: decided === 0 ? null : round((speech.recordingsValidated / decided) * 100, 1),
    computedAt,
  };
  const languages: PublicLanguages = {
    languages: LANGUAGES.map(({ code }) => {
      const s = speechOf.get(code);
      const t = textOf.get(code);
      return {
        language: code,
        hoursRecorded: round(s?.hoursRecorded ?? 0, 4),
        hoursValidated: round(s?.hoursValidated ?? 0, 4),
        speakers: s?.speakers ?? 0,
        sentences: t?.sentencesApproved ?? 0,
        textPairs: t?.textPairsApproved ?? 0,
        goalHours: LANGUAGE_GOAL_HOURS[code],
      };
    }),
    computedAt,
  };
  return { stats, languages };
}

export interface FiguresCacheOptions {
  speech: ServiceClient;
  text: ServiceClient;
  /** How long a computation is served before the services are asked again. */
  ttlMs: number;
  now: () => number;
  /** Told when a stale value is served because the services failed. */
  onStale?: (err: unknown) => void;
}

/** After a failed refresh, the last figures are served this long (at most the TTL) before asking again. */
export const FIGURES_RETRY_MS = 10_000;

/**
 * The combined figures, kept in this process for `ttlMs`. One computation at a time: callers arriving
 * while the services are being asked share that same answer. Once figures exist, nobody waits for the
 * services again: past the TTL the last figures are answered at once while a refresh runs behind them (the
 * text service counts every stored sentence, seconds on a large store). When a refresh fails, the last
 * figures stay and the services are asked again only after FIGURES_RETRY_MS; with no figures yet, 503
 * `service.unavailable`.
 */
export class FiguresCache {
  private value: PublicFigures | undefined;
  private freshUntil = 0;
  private inFlight: Promise<PublicFigures> | undefined;

  constructor(private readonly options: FiguresCacheOptions) {}

  async get(): Promise<PublicFigures> {
    if (this.value && this.options.now() < this.freshUntil) return this.value;
    const refresh = this.refresh();
    if (this.value) {
      refresh.catch(() => undefined);
      return this.value;
    }
    try {
      return await refresh;
    } catch {
      throw new HttpError(503, 'service.unavailable');
    }
  }

  /** The computation under way, or a new one; a failure keeps the last figures for FIGURES_RETRY_MS. */
  private refresh(): Promise<PublicFigures> {
    this.inFlight ??= this.compute()
      .catch((err: unknown) => {
        if (this.value) {
          this.options.onStale?.(err);
          this.freshUntil = Math.max(
            this.freshUntil,
            this.options.now() + Math.min(this.options.ttlMs, FIGURES_RETRY_MS),
          );
        }
        throw err;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async compute(): Promise<PublicFigures> {
    const [speech, text] = await Promise.all([
      this.options.speech.call(getInternalSpeechFigures),
      this.options.text.call(getInternalTextFigures),
    ]);
    const at = this.options.now();
    const figures = combineFigures(speech, text, new Date(at));
    this.value = figures;
    this.freshUntil = at + this.options.ttlMs;
    return figures;
  }
}
