import { Type, type Static } from '@sinclair/typebox';
import { LanguageCode } from './languages';
import {
  PROJECT_CLIENT_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_MEMBERS_MAX,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_TARGETS_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  TARGET_COUNT_MAX,
  TASK_DESCRIPTION_MAX_LENGTH,
  WORKSPACE_PAGE_SIZE,
  WORKSPACE_PAGE_SIZE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
} from './limits';
import { Id, NonEmptyText, StrictObject } from './schema-helpers';
import {
  CHART_PERIODS,
  NOTIFICATION_KINDS,
  PROJECT_STATUSES,
  TARGET_KINDS,
  TASK_PRIORITIES,
  TASK_STATE_ACTIONS,
  TASK_STATES,
  TASK_STATUS_FILTERS,
} from './vocabularies';

const Count = Type.Integer({ minimum: 0 });
const Page = Type.Integer({ minimum: 1 });
const Percent = Type.Integer({ minimum: 0, maximum: 100 });
const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
/** A calendar day, `YYYY-MM-DD` (due dates and start dates are whole days, read in UTC). */
export const Day = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Timestamp = Type.String({ format: 'date-time' });
const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: WORKSPACE_PAGE_SIZE_MAX, default: WORKSPACE_PAGE_SIZE }),
  ),
};

export const ProjectStatus = literals(PROJECT_STATUSES);
export type ProjectStatus = Static<typeof ProjectStatus>;
export const TargetKind = literals(TARGET_KINDS);
export type TargetKind = Static<typeof TargetKind>;
export const TaskState = literals(TASK_STATES);
export type TaskState = Static<typeof TaskState>;
export const TaskStatusFilter = literals(TASK_STATUS_FILTERS);
export type TaskStatusFilter = Static<typeof TaskStatusFilter>;
export const TaskPriority = literals(TASK_PRIORITIES);
export type TaskPriority = Static<typeof TaskPriority>;
export const TaskStateAction = literals(TASK_STATE_ACTIONS);
export type TaskStateAction = Static<typeof TaskStateAction>;
export const ChartPeriod = literals(CHART_PERIODS);
export type ChartPeriod = Static<typeof ChartPeriod>;
export const NotificationKind = literals(NOTIFICATION_KINDS);
export type NotificationKind = Static<typeof NotificationKind>;

/** A person as projects and tasks show them: the account id and the display name. */
export const Person = StrictObject({ id: Id, name: Type.String({ minLength: 1, maxLength: 64 }) });
export type Person = Static<typeof Person>;

/**
 * A target: so many decided-good items of a kind, in one of the project's languages (or any of them when
 * `language` is absent), counted from the project's start date to its due date.
 */
export const TargetInput = StrictObject({
  kind: TargetKind,
  language: Type.Optional(LanguageCode),
  count: Type.Integer({ minimum: 1, maximum: TARGET_COUNT_MAX }),
});
export type TargetInput = Static<typeof TargetInput>;

/** A target with how far it has come. */
export const TargetProgress = StrictObject({
  ...TargetInput.properties,
  done: Count,
  /** done / count, capped at 100. */
  percent: Percent,
  /** Where the current pace reaches by the due date (done when the project has not run a day yet). */
  projected: Count,
});
export type TargetProgress = Static<typeof TargetProgress>;

/** New Project, and editing one (managers and admins). Members are account ids; the creator is always one. */
export const ProjectInput = StrictObject({
  name: NonEmptyText(PROJECT_NAME_MAX_LENGTH),
  client: NonEmptyText(PROJECT_CLIENT_MAX_LENGTH),
  description: Type.Optional(Type.String({ maxLength: PROJECT_DESCRIPTION_MAX_LENGTH })),
  languages: Type.Array(LanguageCode, { minItems: 1, uniqueItems: true }),
  startDate: Day,
  dueDate: Day,
  targets: Type.Array(TargetInput, { minItems: 1, maxItems: PROJECT_TARGETS_MAX }),
  memberIds: Type.Array(Id, { maxItems: PROJECT_MEMBERS_MAX, uniqueItems: true }),
});
export type ProjectInput = Static<typeof ProjectInput>;

/** A row of /projects: the SPEC's columns (Project, Languages, Progress, Status, Due Date) and the client. */
export const ProjectSummary = StrictObject({
  id: Id,
  name: Type.String(),
  client: Type.String(),
  languages: Type.Array(LanguageCode),
  startDate: Day,
  dueDate: Day,
  /** The mean of the targets' percents. */
  progress: Percent,
  status: ProjectStatus,
  memberCount: Count,
  owner: Person,
});
export type ProjectSummary = Static<typeof ProjectSummary>;

export const ProjectListQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
  status: Type.Optional(ProjectStatus),
  language: Type.Optional(LanguageCode),
  ...PageQuery,
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const ProjectPage = StrictObject({
  items: Type.Array(ProjectSummary),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type ProjectPage = Static<typeof ProjectPage>;

/** A project's page (View): its targets with progress, its members and its tasks' counts. */
export const ProjectDetail = StrictObject({
  ...ProjectSummary.properties,
  description: Type.String(),
  targets: Type.Array(TargetProgress),
  members: Type.Array(Person),
  tasks: StrictObject({ active: Count, completed: Count, overdue: Count }),
  /** Whether the caller may edit it and add tasks (its owner, a manager member, or an admin). */
  canManage: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProjectDetail = Static<typeof ProjectDetail>;

export const ProjectIdParams = StrictObject({ id: Id });
export type ProjectIdParams = Static<typeof ProjectIdParams>;

/** The create-task form (SPEC §5: description, assignee, priority and due date all required). */
export const TaskInput = StrictObject({
  projectId: Id,
  description: NonEmptyText(TASK_DESCRIPTION_MAX_LENGTH),
  assigneeId: Id,
  priority: TaskPriority,
  dueDate: Day,
  /** A target of the task's own, counted from the assignee's contributions in the project's languages. */
  target: Type.Optional(
    StrictObject({ kind: TargetKind, count: Type.Integer({ minimum: 1, maximum: TARGET_COUNT_MAX }) }),
  ),
});
export type TaskInput = Static<typeof TaskInput>;

/** Editing a task: any of its fields but its project. */
export const TaskPatch = Type.Partial(
  StrictObject({
    description: TaskInput.properties.description,
    assigneeId: Id,
    priority: TaskPriority,
    dueDate: Day,
    target: Type.Union([TaskInput.properties.target, Type.Null()]),
  }),
  { additionalProperties: false, minProperties: 1 },
);
export type TaskPatch = Static<typeof TaskPatch>;

export const Task = StrictObject({
  id: Id,
  project: StrictObject({ id: Id, name: Type.String() }),
  description: Type.String(),
  assignee: Person,
  priority: TaskPriority,
  dueDate: Day,
  state: TaskState,
  /** Open and past its due date. */
  overdue: Type.Boolean(),
  target: Type.Optional(StrictObject({ kind: TargetKind, count: Count, done: Count, percent: Percent })),
  /**
   * The share of the assignee's contributions in the task's scope (its kind, or every kind without a target;
   * the project's languages; from the task's creation to its due date) that were validated, or null when
   * nothing has been decided yet.
   */
  quality: Type.Union([Percent, Type.Null()]),
  /** Whether a public link to this task's progress is live. */
  shared: Type.Boolean(),
  createdBy: Person,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** What the caller may do: the assignee changes the state; the project's managers edit and share. */
  canAct: Type.Boolean(),
  canManage: Type.Boolean(),
});
export type Task = Static<typeof Task>;

export const TaskListQuery = StrictObject({
  status: Type.Optional(TaskStatusFilter),
  priority: Type.Optional(TaskPriority),
  projectId: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
  /** `mine` (default): tasks assigned to the caller; `managed`: tasks of the projects the caller manages. */
  scope: Type.Optional(Type.Union([Type.Literal('mine'), Type.Literal('managed')])),
  ...PageQuery,
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const TaskPage = StrictObject({
  items: Type.Array(Task),
  total: Count,
  page: Page,
  pageSize: Page,
});
export type TaskPage = Static<typeof TaskPage>;

/** The summary cards of /tasks (the caller's own tasks, or those they manage, by the same scope). */
export const TaskCounts = StrictObject({ active: Count, completed: Count, overdue: Count });
export type TaskCounts = Static<typeof TaskCounts>;
export const TaskCountsQuery = StrictObject({ scope: TaskListQuery.properties.scope });
export type TaskCountsQuery = Static<typeof TaskCountsQuery>;

export const TaskIdParams = StrictObject({ id: Id });
export type TaskIdParams = Static<typeof TaskIdParams>;
export const TaskStateBody = StrictObject({ action: TaskStateAction });
export type TaskStateBody = Static<typeof TaskStateBody>;
export const TaskShareTeamReply = StrictObject({ notified: Count });
export type TaskShareTeamReply = Static<typeof TaskShareTeamReply>;

/** Share Publicly: the read-only link, live until its owner revokes it. */
export const TaskPublicLink = StrictObject({
  token: Type.String({ minLength: 20, maxLength: 64 }),
  url: Type.String(),
});
export type TaskPublicLink = Static<typeof TaskPublicLink>;
export const PublicTaskParams = StrictObject({
  token: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type PublicTaskParams = Static<typeof PublicTaskParams>;
/** What a signed-out visitor sees of a shared task: its progress, no person's name beyond the assignee's first. */
export const PublicTask = StrictObject({
  description: Type.String(),
  project: Type.String(),
  languages: Type.Array(LanguageCode),
  priority: TaskPriority,
  dueDate: Day,
  state: TaskState,
  overdue: Type.Boolean(),
  target: Task.properties.target,
  quality: Task.properties.quality,
  updatedAt: Timestamp,
});
export type PublicTask = Static<typeof PublicTask>;

/** /dashboard's four cards and the caller's open task count (the sidebar badge). */
export const DashboardStats = StrictObject({
  activeProjects: Count,
  pendingTasks: Count,
  completedTasks: Count,
  /** Distinct languages of the projects the caller takes part in and of their own contributions. */
  languagesCovered: Count,
  languages: Type.Array(LanguageCode),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** The sidebar's Tasks badge: the caller's open tasks. */
export const OpenTaskCount = StrictObject({ open: Count });
export type OpenTaskCount = Static<typeof OpenTaskCount>;

/** Analytics: 'Task Progress'. Without `projectId`, All Projects (every project the caller may see). */
export const ProgressChartQuery = StrictObject({ period: ChartPeriod, projectId: Type.Optional(Id) });
export type ProgressChartQuery = Static<typeof ProgressChartQuery>;

/**
 * A chart point (SPEC §3: name, translated, validated) and its bucket, [start, end) in UTC. `name` is the
 * bucket's stable label (`2026-11-23`, `W1`…`W4`, `2026-11`, `Q1`…`Q4`); screens format `start` themselves.
 */
export const ChartPoint = StrictObject({
  name: Type.String(),
  start: Timestamp,
  end: Timestamp,
  /** Text pairs and sentences approved in the bucket. */
  translated: Count,
  /** Recordings validated and voice donations approved in the bucket. */
  validated: Count,
});
export type ChartPoint = Static<typeof ChartPoint>;
export const ProgressChart = StrictObject({ period: ChartPeriod, points: Type.Array(ChartPoint) });
export type ProgressChart = Static<typeof ProgressChart>;

/** Analytics: clips and hours per language (validated recordings and approved donation sides). */
export const LanguageDistribution = StrictObject({
  languages: Type.Array(
    StrictObject({ language: LanguageCode, clips: Count, hours: Type.Number({ minimum: 0 }) }),
  ),
});
export type LanguageDistribution = Static<typeof LanguageDistribution>;

/** Analytics: of the tasks due in each bucket, how many were completed (by their due date or since). */
export const TaskCompletionChart = StrictObject({
  period: ChartPeriod,
  points: Type.Array(
    StrictObject({
      name: Type.String(),
      start: Timestamp,
      end: Timestamp,
      due: Count,
      completed: Count,
      rate: Type.Union([Percent, Type.Null()]),
    }),
  ),
});
export type TaskCompletionChart = Static<typeof TaskCompletionChart>;
export const TaskCompletionQuery = StrictObject({ period: ChartPeriod, projectId: Type.Optional(Id) });
export type TaskCompletionQuery = Static<typeof TaskCompletionQuery>;

/** One side of quality: decided items and the votes or reviews agreeing with each decision. */
export const AgreementFigures = StrictObject({
  decided: Count,
  /** Votes (or reviews) cast on decided items. */
  votes: Count,
  /** Of those, the ones that agreed with the decision. */
  agreeing: Count,
  /** agreeing / votes, or null before any decision. */
  agreement: Type.Union([Percent, Type.Null()]),
  approved: Count,
  rejected: Count,
});
export type AgreementFigures = Static<typeof AgreementFigures>;

/** Analytics: validation agreement for recordings (speech) and text (sentences and pairs), with rejection reasons. */
export const QualityMetrics = StrictObject({
  recordings: AgreementFigures,
  text: AgreementFigures,
  /** Why reviewers rejected sentences and pairs, and why listeners reported recordings, most frequent first. */
  rejectionReasons: Type.Array(StrictObject({ reason: Type.String(), count: Count })),
});
export type QualityMetrics = Static<typeof QualityMetrics>;
export const QualityQuery = StrictObject({ period: ChartPeriod });
export type QualityQuery = Static<typeof QualityQuery>;
/** The speech service's part of quality metrics (recordings), for the text service to combine. */
export const RecordingQuality = StrictObject({
  recordings: AgreementFigures,
  reportReasons: QualityMetrics.properties.rejectionReasons,
});
export type RecordingQuality = Static<typeof RecordingQuality>;

/** The top bar's search: the caller's tasks and projects whose words start with, or contain, the query. */
export const WorkspaceSearchQuery = StrictObject({ q: NonEmptyText(SEARCH_QUERY_MAX_LENGTH) });
export type WorkspaceSearchQuery = Static<typeof WorkspaceSearchQuery>;
export const WorkspaceSearchResults = StrictObject({
  projects: Type.Array(StrictObject({ id: Id, name: Type.String(), client: Type.String() })),
  tasks: Type.Array(StrictObject({ id: Id, description: Type.String(), project: Type.String() })),
});
export type WorkspaceSearchResults = Static<typeof WorkspaceSearchResults>;

/** An in-app notification (the dashboard lists them; the digest mails the unmailed ones). */
export const Notification = StrictObject({
  id: Id,
  kind: NotificationKind,
  /** The words' parameters; screens and mails put them into their own sentences. */
  project: Type.Optional(StrictObject({ id: Id, name: Type.String() })),
  task: Type.Optional(StrictObject({ id: Id, description: Type.String(), dueDate: Day })),
  by: Type.Optional(Person),
  read: Type.Boolean(),
  createdAt: Timestamp,
});
export type Notification = Static<typeof Notification>;
export const NotificationListQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: WORKSPACE_PAGE_SIZE_MAX, default: NOTIFICATIONS_PAGE_SIZE }),
  ),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;
export const NotificationPage = StrictObject({
  items: Type.Array(Notification),
  total: Count,
  unread: Count,
  page: Page,
  pageSize: Page,
});
export type NotificationPage = Static<typeof NotificationPage>;
export const NotificationsReadBody = StrictObject({ ids: Type.Optional(Type.Array(Id, { maxItems: 100 })) });
export type NotificationsReadBody = Static<typeof NotificationsReadBody>;

/**
 * Internal, gateway → text: a person's notifications not yet mailed, of the kinds their settings allow; the
 * answer marks them mailed (so two gateways never mail one twice).
 */
export const DigestClaimBody = StrictObject({
  kinds: Type.Array(NotificationKind, { uniqueItems: true }),
});
export type DigestClaimBody = Static<typeof DigestClaimBody>;
export const DigestClaim = StrictObject({ items: Type.Array(Notification) });
export type DigestClaim = Static<typeof DigestClaim>;
/** Internal, gateway → text: who has unmailed notifications (the digest job asks only about them). */
export const DigestRecipients = StrictObject({ userIds: Type.Array(Id) });
export type DigestRecipients = Static<typeof DigestRecipients>;

/**
 * Internal, text → speech: sums of the speech service's decided data (recordings validated, donations
 * approved, votes given), per query, from the daily activity counts.
 */
/** The kinds the speech service counts (recordings, Listen votes, paired donations). */
export const SPEECH_ACTIVITY_KINDS = [
  'recordings.submitted',
  'recordings.validated',
  'recordings.rejected',
  'votes.given',
  'donations.submitted',
  'donations.approved',
  'donations.rejected',
] as const;
/** The kinds the text service counts (sentences, text pairs, reviews). */
export const TEXT_ACTIVITY_KINDS = [
  'sentences.written',
  'sentences.approved',
  'sentences.rejected',
  'pairs.added',
  'pairs.approved',
  'pairs.rejected',
  'reviews.given',
] as const;
export const ActivityKind = literals([...SPEECH_ACTIVITY_KINDS, ...TEXT_ACTIVITY_KINDS]);
export type ActivityKind = Static<typeof ActivityKind>;
export const ActivityQuery = StrictObject({
  key: Type.String({ maxLength: 100 }),
  kinds: Type.Array(ActivityKind, { minItems: 1, uniqueItems: true }),
  /** Absent: every language. */
  languages: Type.Optional(Type.Array(LanguageCode, { uniqueItems: true })),
  /** Absent: everyone. */
  userId: Type.Optional(Id),
  /** [from, to) in UTC. */
  from: Timestamp,
  to: Timestamp,
});
export type ActivityQuery = Static<typeof ActivityQuery>;
export const ActivitySumsBody = StrictObject({ queries: Type.Array(ActivityQuery, { maxItems: 1000 }) });
export type ActivitySumsBody = Static<typeof ActivitySumsBody>;
export const ActivitySums = StrictObject({
  sums: Type.Array(StrictObject({ key: Type.String(), count: Count })),
});
export type ActivitySums = Static<typeof ActivitySums>;
/** The languages a person has contributed in (any kind), for the dashboard. */
export const ActivityLanguages = StrictObject({ languages: Type.Array(LanguageCode) });
export type ActivityLanguages = Static<typeof ActivityLanguages>;
