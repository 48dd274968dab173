import { MANAGING_ROLES } from '../vocabularies';
import { defineRoute } from '../route';
import {
  LanguageDistribution,
  ProgressChart,
  ProgressChartQuery,
  QualityMetrics,
  QualityQuery,
  TaskCompletionChart,
  TaskCompletionQuery,
} from '../workspace';

const tag = 'analytics';

/** 'Task Progress': translated and validated per bucket, for a project or All Projects. */
export const getProgressChart = defineRoute({
  name: 'getProgressChart',
  method: 'GET',
  path: '/api/analytics/progress',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Translated and validated items per bucket of a period',
  tag,
  query: ProgressChartQuery,
  reply: { 200: ProgressChart },
  errors: [404],
});

/** Clips and hours per language, from validated recordings and approved donations. */
export const getLanguageDistribution = defineRoute({
  name: 'getLanguageDistribution',
  method: 'GET',
  path: '/api/analytics/languages',
  owner: 'speech',
  access: MANAGING_ROLES,
  summary: 'Clips and hours per language',
  tag,
  reply: { 200: LanguageDistribution },
});

/** Of the tasks due in each bucket, how many were completed. */
export const getTaskCompletionChart = defineRoute({
  name: 'getTaskCompletionChart',
  method: 'GET',
  path: '/api/analytics/task-completion',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Task completion rate per bucket of a period',
  tag,
  query: TaskCompletionQuery,
  reply: { 200: TaskCompletionChart },
  errors: [404],
});

/** Validation agreement and rejection reasons over a period. */
export const getQualityMetrics = defineRoute({
  name: 'getQualityMetrics',
  method: 'GET',
  path: '/api/analytics/quality',
  owner: 'text',
  access: MANAGING_ROLES,
  summary: 'Validation agreement and rejection reasons',
  tag,
  query: QualityQuery,
  reply: { 200: QualityMetrics },
});
