import type { RecordingReportReason, SentenceReportReason } from '@platform/contracts';
import type { ReportReason } from '../shared/ReportDialog';

// Labels for the reasons the contracts define; the Record type makes a new reason a compile error here.
const SENTENCE_LABELS: Record<SentenceReportReason, string> = {
  offensive: 'Offensive content',
  grammar: 'Grammar or spelling mistake',
  'wrong-language': 'Wrong language',
  'hard-to-pronounce': 'Hard to pronounce',
  other: 'Other',
};

const RECORDING_LABELS: Record<RecordingReportReason, string> = {
  offensive: 'Offensive content',
  'wrong-sentence': 'Does not match the sentence',
  noise: 'Too much noise',
  other: 'Other',
};

const toOptions = <R extends string>(labels: Record<R, string>): ReportReason<R>[] =>
  (Object.keys(labels) as R[]).map((value) => ({ value, label: labels[value] }));

export const SENTENCE_REPORT_OPTIONS = toOptions(SENTENCE_LABELS);
export const RECORDING_REPORT_OPTIONS = toOptions(RECORDING_LABELS);
