import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  TARGET_COUNT_MAX,
  TARGET_KINDS,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_PRIORITIES,
  WORKSPACE_PAGE_SIZE_MAX,
} from '@platform/contracts/client';
import type { TargetKind, TaskInput, TaskPriority } from '@platform/contracts';
import { Button, Card, Select, TextArea, TextField, useToast, FormStack, FieldRow } from '@platform/ui';
import { useCreateTaskMutation, useGetProjectDetailQuery, useListProjectsQuery } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { readApiError, specificErrorMessage, today } from '../projects/parts';

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger.main};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Footer = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

interface TaskFormState {
  projectId: string;
  description: string;
  assigneeId: string;
  priority: TaskPriority | '';
  dueDate: string;
  targetKind: TargetKind | '';
  targetCount: string;
}

const empty = (projectId: string): TaskFormState => ({
  projectId,
  description: '',
  assigneeId: '',
  priority: '',
  dueDate: '',
  targetKind: '',
  targetCount: '',
});

/** SPEC §5: project, description, assignee, priority and due date are all required; a target is optional. */
export function taskBodyOf(state: TaskFormState): TaskInput | 'missing' | 'badTarget' {
  const description = state.description.trim();
  if (!state.projectId || !description || !state.assigneeId || !state.priority || !state.dueDate)
    return 'missing';
  const body: TaskInput = {
    projectId: state.projectId,
    description,
    assigneeId: state.assigneeId,
    priority: state.priority,
    dueDate: state.dueDate,
  };
  if (!state.targetKind && !state.targetCount) return body;
  const count = Number(state.targetCount);
  if (!state.targetKind || !Number.isInteger(count) || count < 1 || count > TARGET_COUNT_MAX)
    return 'badTarget';
  return { ...body, target: { kind: state.targetKind, count } };
}

/**
 * The create-task form (managers of the project, and admins): the project, from the person's projects
 * unless `projectId` fixes it; the assignee from its members; 'Please fill all fields.' when one is missing.
 */
export function TaskForm({ projectId, onDone }: { projectId?: string; onDone?: () => void }) {
  const t = useWorkspaceT();
  const toast = useToast();
  const formId = useId();
  const [state, setState] = useState<TaskFormState>(() => empty(projectId ?? ''));
  const [message, setMessage] = useState<string | null>(null);
  const [create, creating] = useCreateTaskMutation();
  const projects = useListProjectsQuery(
    { page: 1, pageSize: WORKSPACE_PAGE_SIZE_MAX },
    { skip: projectId !== undefined },
  );
  const project = useGetProjectDetailQuery(state.projectId, { skip: !state.projectId });
  const members = project.currentData?.members ?? [];

  const set = <K extends keyof TaskFormState>(key: K, value: TaskFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creating.isLoading) return;
    const body = taskBodyOf(state);
    if (body === 'missing') return setMessage(t('tasks.form.fillAll'));
    if (body === 'badTarget') return setMessage(t('tasks.form.badTarget'));
    setMessage(null);
    try {
      await create(body).unwrap();
      toast.show({ variant: 'success', title: t('tasks.form.created') });
      setState(empty(projectId ?? state.projectId));
      onDone?.();
    } catch (error) {
      const failure = readApiError(error);
      setMessage(specificErrorMessage(failure) ?? t('tasks.form.failed'));
    }
  };

  const projectOptions = (projects.currentData?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  const cannotManage = project.currentData !== undefined && !project.currentData.canManage;

  return (
    <Card title={t('tasks.form.title')} headingLevel={2}>
      <FormStack
        id={formId}
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-describedby={`${formId}-message`}
      >
        <FieldRow $min="11rem" $gap={3} $alignEnd>
          {projectId === undefined ? (
            <Select
              label={t('tasks.form.project')}
              required
              value={state.projectId}
              translate="no"
              onChange={(e) => setState((s) => ({ ...s, projectId: e.target.value, assigneeId: '' }))}
              options={[{ value: '', label: t('tasks.form.chooseProject') }, ...projectOptions]}
            />
          ) : null}
          <Select
            label={t('tasks.form.assignee')}
            required
            value={state.assigneeId}
            disabled={!state.projectId}
            translate="no"
            onChange={(e) => set('assigneeId', e.target.value)}
            options={[
              { value: '', label: t('tasks.form.chooseAssignee') },
              ...members.map((m) => ({ value: m.id, label: m.name })),
            ]}
          />
          <Select
            label={t('tasks.form.priority')}
            required
            value={state.priority}
            onChange={(e) => set('priority', e.target.value as TaskPriority | '')}
            options={[
              { value: '', label: t('tasks.form.choosePriority') },
              ...TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) })),
            ]}
          />
          <TextField
            type="date"
            label={t('tasks.form.dueDate')}
            required
            min={today()}
            value={state.dueDate}
            onChange={(e) => set('dueDate', e.target.value)}
          />
        </FieldRow>
        {cannotManage ? <Hint>{t('tasks.form.notManager')}</Hint> : null}
        <TextArea
          label={t('tasks.form.description')}
          required
          rows={2}
          maxLength={TASK_DESCRIPTION_MAX_LENGTH}
          value={state.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <FieldRow $min="11rem" $gap={3} $alignEnd>
          <Select
            label={t('tasks.form.targetKind')}
            value={state.targetKind}
            onChange={(e) => set('targetKind', e.target.value as TargetKind | '')}
            options={[
              { value: '', label: t('tasks.form.noTarget') },
              ...TARGET_KINDS.map((k) => ({ value: k, label: t(`projects.kinds.${k}`) })),
            ]}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            max={TARGET_COUNT_MAX}
            label={t('tasks.form.targetCount')}
            value={state.targetCount}
            onChange={(e) => set('targetCount', e.target.value)}
          />
        </FieldRow>
        <div id={`${formId}-message`} aria-live="polite">
          {message ? <Message role="alert">{message}</Message> : null}
        </div>
        <Footer>
          <Button type="submit" disabled={creating.isLoading}>
            {creating.isLoading ? t('tasks.form.creating') : t('tasks.form.create')}
          </Button>
          {onDone ? (
            <Button type="button" variant="outline" onClick={onDone}>
              {t('tasks.form.cancel')}
            </Button>
          ) : null}
        </Footer>
      </FormStack>
    </Card>
  );
}
