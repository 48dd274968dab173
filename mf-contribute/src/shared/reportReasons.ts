import type { RecordingReportReason, SentenceReportReason, TextPairReportReason } from '@platform/contracts';
import type { Translate } from '@platform/i18n';
import type { ReportReason } from '../shared/ReportDialog';

// The reasons the contracts define, each labelled from the catalogue (report.sentenceReasons.<reason>); the
// Record type makes a new reason a compile error here until it is listed.
const SENTENCE_REASONS: Record<SentenceReportReason, true> = {
  offensive: true,
  grammar: true,
  'wrong-language': true,
  'hard-to-pronounce': true,
  other: true,
};

const RECORDING_REASONS: Record<RecordingReportReason, true> = {
  offensive: true,
  'wrong-sentence': true,
  noise: true,
  other: true,
};

const TEXT_PAIR_REASONS: Record<TextPairReportReason, true> = {
  offensive: true,
  'wrong-translation': true,
  spelling: true,
  other: true,
};

const toOptions = <R extends string>(
  t: Translate,
  section: string,
  reasons: Record<R, true>,
): ReportReason<R>[] =>
  (Object.keys(reasons) as R[]).map((value) => ({ value, label: t(`report.${section}.${value}`) }));

export const sentenceReportOptions = (t: Translate) => toOptions(t, 'sentenceReasons', SENTENCE_REASONS);
export const recordingReportOptions = (t: Translate) => toOptions(t, 'recordingReasons', RECORDING_REASONS);
export const textPairReportOptions = (t: Translate) => toOptions(t, 'textPairReasons', TEXT_PAIR_REASONS);
