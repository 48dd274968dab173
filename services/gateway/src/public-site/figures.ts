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

export interface PublicFiguresOptions {
  speech: ServiceClient;
  text: ServiceClient;
  now: () => number;
  /** Told when the last figures are answered because a service failed. */
  onStale?: (err: unknown) => void;
}

/** A stale answer's header: a service failed and these are the last figures computed (see computedAt). */
export const STALE_FIGURES_HEADER = 'x-figures-stale';

/** What a request is answered: the figures, and whether they are the last ones because a service failed. */
export interface FiguresAnswer {
  figures: PublicFigures;
  /** True when a service failed and these are the last figures computed (their computedAt says when). */
  stale: boolean;
}

/**
 * The combined figures, computed for every request: each asks both services (their counts come from indexes,
 * so this is cheap). Requests that arrive while a computation runs wait for the next one, which starts when it
 * ends and answers all of them: a burst of visitors costs the services one computation at a time, and every
 * answer counts every write finished before its request arrived (a request never joins a computation that
 * began before it). When a service fails, the last figures this process computed are answered, labelled stale
 * (`stale`, and computedAt is when they were computed); with none yet, 503 `service.unavailable`.
 */
export class PublicFiguresSource {
  private last: PublicFigures | undefined;
  private running: Promise<PublicFigures> | undefined;
  private queued: Promise<PublicFigures> | undefined;

  constructor(private readonly options: PublicFiguresOptions) {}

  async get(): Promise<FiguresAnswer> {
    try {
      return { figures: await this.next(), stale: false };
    } catch (err) {
      if (!this.last) throw new HttpError(503, 'service.unavailable');
      this.options.onStale?.(err);
      return { figures: this.last, stale: true };
    }
  }

  /** A computation that starts now, or the one queued behind the one running (shared by all who wait). */
  private next(): Promise<PublicFigures> {
    if (!this.running) {
      this.running = this.compute().finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.next();
      });
    return this.queued;
  }

  private async compute(): Promise<PublicFigures> {
    const [speech, text] = await Promise.all([
      this.options.speech.call(getInternalSpeechFigures),
      this.options.text.call(getInternalTextFigures),
    ]);
    const figures = combineFigures(speech, text, new Date(this.options.now()));
    this.last = figures;
    return figures;
  }
}
