import { useState } from 'react';
import styled from 'styled-components';
import {
  LANGUAGE_CODES,
  PROJECT_CLIENT_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_MEMBERS_MAX,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_TARGETS_MAX,
  TARGET_COUNT_MAX,
  TARGET_KINDS,
} from '@platform/contracts/client';
import type { LanguageCode, Person, ProjectDetail, ProjectInput, TargetKind } from '@platform/contracts';
import { useFormSubmit } from '@platform/remote-kit';
import {
  Badge,
  Button,
  CheckboxGroup,
  DialogForm,
  FieldRow,
  FormProblem,
  Select,
  TextArea,
  TextField,
  XIcon,
  useToast,
} from '@platform/ui';
import { useCreateProjectMutation, useEditProjectMutation, useFindPeopleQuery } from '../api/workspaceApi';
import { useWorkspaceT } from '../i18n';
import { today, useLanguageName } from './parts';

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Results = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

interface TargetRow {
  key: number;
  kind: TargetKind;
  language: LanguageCode | '';
  count: string;
}

export interface ProjectFormState {
  name: string;
  client: string;
  description: string;
  languages: LanguageCode[];
  startDate: string;
  dueDate: string;
  targets: TargetRow[];
  members: Person[];
}

type Errors = Partial<Record<'name' | 'client' | 'languages' | 'startDate' | 'dueDate' | 'targets', string>>;

let nextKey = 1;
const newTarget = (): TargetRow => ({ key: nextKey++, kind: 'recordings', language: '', count: '' });

function stateOf(project: ProjectDetail | null): ProjectFormState {
  if (!project) {
    return {
      name: '',
      client: '',
      description: '',
      languages: [],
      startDate: today(),
      dueDate: '',
      targets: [newTarget()],
      members: [],
    };
  }
  return {
    name: project.name,
    client: project.client,
    description: project.description,
    languages: [...project.languages],
    startDate: project.startDate,
    dueDate: project.dueDate,
    targets: project.targets.map((target) => ({
      key: nextKey++,
      kind: target.kind,
      language: target.language ?? '',
      count: String(target.count),
    })),
    members: project.members.map(({ id, name }) => ({ id, name })),
  };
}

/** The checks the server makes too, said before anything is sent. */
export function validateProject(state: ProjectFormState, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!state.name.trim()) errors.name = t('projects.form.errors.name');
  if (!state.client.trim()) errors.client = t('projects.form.errors.client');
  if (state.languages.length === 0) errors.languages = t('projects.form.errors.languages');
  if (!state.startDate) errors.startDate = t('projects.form.errors.startDate');
  if (!state.dueDate) errors.dueDate = t('projects.form.errors.dueDate');
  else if (state.startDate && state.dueDate < state.startDate)
    errors.dueDate = t('projects.form.errors.dueBeforeStart');
  if (state.targets.length === 0) errors.targets = t('projects.form.errors.noTarget');
  else if (
    state.targets.some((target) => {
      const n = Number(target.count);
      return !Number.isInteger(n) || n < 1 || n > TARGET_COUNT_MAX;
    })
  )
    errors.targets = t('projects.form.errors.targetCount');
  else if (state.targets.some((target) => target.language && !state.languages.includes(target.language)))
    errors.targets = t('projects.form.errors.targetLanguage');
  else {
    const seen = new Set(state.targets.map((target) => `${target.kind}/${target.language}`));
    if (seen.size !== state.targets.length) errors.targets = t('projects.form.errors.targetRepeated');
  }
  return errors;
}

export function bodyOf(state: ProjectFormState): ProjectInput {
  const description = state.description.trim();
  return {
    name: state.name.trim(),
    client: state.client.trim(),
    ...(description ? { description } : {}),
    languages: state.languages,
    startDate: state.startDate,
    dueDate: state.dueDate,
    targets: state.targets.map((target) => ({
      kind: target.kind,
      ...(target.language ? { language: target.language } : {}),
      count: Number(target.count),
    })),
    memberIds: state.members.map((member) => member.id),
  };
}

/** Search people by name (managers and admins may), and add them as chips. */
function MemberPicker({ members, onChange }: { members: Person[]; onChange: (members: Person[]) => void }) {
  const t = useWorkspaceT();
  const [query, setQuery] = useState('');
  const q = query.trim();
  const people = useFindPeopleQuery(q, { skip: q.length < 2 });
  const found = (people.currentData?.items ?? []).filter((p) => !members.some((m) => m.id === p.id));
  return (
    <Group>
      <legend>{t('projects.form.members')}</legend>
      {members.length > 0 ? (
        <Chips aria-label={t('projects.form.membersChosen')}>
          {members.map((member) => (
            <li key={member.id}>
              <Badge variant="primary">
                <span translate="no">{member.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('projects.form.removeMember', { name: member.name })}
                  onClick={() => onChange(members.filter((m) => m.id !== member.id))}
                >
                  <XIcon />
                </Button>
              </Badge>
            </li>
          ))}
        </Chips>
      ) : null}
      <TextField
        type="search"
        label={t('projects.form.findPeople')}
        hint={t('projects.form.findPeopleHint')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {q.length >= 2 ? (
        people.isError ? (
          <FormProblem role="alert">{t('projects.form.peopleFailed')}</FormProblem>
        ) : people.currentData ? (
          found.length === 0 ? (
            <p>{t('projects.form.noPeople')}</p>
          ) : (
            <Results aria-label={t('projects.form.peopleFound')}>
              {found.map((person) => (
                <li key={person.id}>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={members.length >= PROJECT_MEMBERS_MAX}
                    aria-label={t('projects.form.addMember', { name: person.name })}
                    onClick={() => {
                      onChange([...members, { id: person.id, name: person.name }]);
                      setQuery('');
                    }}
                  >
                    <span translate="no">
                      {person.name}
                      {person.username ? ` (@${person.username})` : ''}
                    </span>
                  </Button>
                </li>
              ))}
            </Results>
          )
        ) : null
      ) : null}
    </Group>
  );
}

/**
 * New Project, and editing one (the same form): name, client, description, languages, dates, targets and
 * members. `editing` undefined keeps it closed; null opens a new one.
 */
export function ProjectForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: ProjectDetail | null | undefined;
  onClose: () => void;
  onSaved?: (project: ProjectDetail) => void;
}) {
  const open = editing !== undefined;
  return open ? <OpenProjectForm editing={editing} onClose={onClose} onSaved={onSaved} /> : null;
}

function OpenProjectForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: ProjectDetail | null;
  onClose: () => void;
  onSaved?: (project: ProjectDetail) => void;
}) {
  const t = useWorkspaceT();
  const toast = useToast();
  const languageName = useLanguageName();
  const [state, setState] = useState<ProjectFormState>(() => stateOf(editing));
  const [create, creating] = useCreateProjectMutation();
  const [edit, editingCall] = useEditProjectMutation();
  const busy = creating.isLoading || editingCall.isLoading;

  const set = <K extends keyof ProjectFormState>(key: K, value: ProjectFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const setTarget = (key: number, change: Partial<TargetRow>) =>
    set(
      'targets',
      state.targets.map((row) => (row.key === key ? { ...row, ...change } : row)),
    );

  const { errors, problem, onSubmit } = useFormSubmit({
    validate: () => validateProject(state, t),
    send: () =>
      editing ? edit({ id: editing.id, body: bodyOf(state) }).unwrap() : create(bodyOf(state)).unwrap(),
    onSent: (saved) => {
      toast.show({ variant: 'success', title: t(editing ? 'projects.form.saved' : 'projects.form.created') });
      onSaved?.(saved);
      onClose();
    },
    fieldOf: (code) =>
      code === 'project.name_taken' ? 'name' : code === 'project.due_before_start' ? 'dueDate' : undefined,
    fallback: t('projects.form.failed'),
    busy,
  });

  const targetLanguages = [
    { value: '', label: t('projects.form.anyLanguage') },
    ...state.languages.map((code) => ({ value: code, label: languageName(code) })),
  ];

  return (
    <DialogForm
      onClose={onClose}
      closeLabel={t('projects.form.close')}
      title={t(editing ? 'projects.form.editTitle' : 'projects.form.newTitle')}
      cancelLabel={t('projects.form.cancel')}
      submitLabel={
        busy
          ? t(editing ? 'projects.form.saving' : 'projects.form.creating')
          : t(editing ? 'projects.form.save' : 'projects.form.create')
      }
      busy={busy}
      onSubmit={onSubmit}
      errors={errors}
    >
      {problem ? <FormProblem role="alert">{problem}</FormProblem> : null}
      <FieldRow $min="10rem" $gap={3} $alignEnd>
        <TextField
          label={t('projects.form.name')}
          required
          value={state.name}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={t('projects.form.client')}
          required
          value={state.client}
          maxLength={PROJECT_CLIENT_MAX_LENGTH}
          error={errors.client}
          onChange={(e) => set('client', e.target.value)}
        />
      </FieldRow>
      <TextArea
        label={t('projects.form.description')}
        value={state.description}
        rows={3}
        maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
        onChange={(e) => set('description', e.target.value)}
      />
      <CheckboxGroup
        legend={t('projects.form.languages')}
        layout="inline"
        options={LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(code) }))}
        value={state.languages}
        onChange={(languages) => set('languages', languages)}
        error={errors.languages}
      />
      <FieldRow $min="10rem" $gap={3} $alignEnd>
        <TextField
          type="date"
          label={t('projects.form.startDate')}
          required
          value={state.startDate}
          error={errors.startDate}
          onChange={(e) => set('startDate', e.target.value)}
        />
        <TextField
          type="date"
          label={t('projects.form.dueDate')}
          required
          value={state.dueDate}
          min={state.startDate || undefined}
          error={errors.dueDate}
          onChange={(e) => set('dueDate', e.target.value)}
        />
      </FieldRow>
      <Group data-group-error={errors.targets ? '' : undefined}>
        <legend>{t('projects.form.targets')}</legend>
        {state.targets.map((row, index) => (
          <FieldRow
            $min="10rem"
            $gap={3}
            $alignEnd
            key={row.key}
            role="group"
            aria-label={t('projects.form.targetN', { n: index + 1 })}
          >
            <Select
              label={t('projects.form.targetKind')}
              value={row.kind}
              options={TARGET_KINDS.map((kind) => ({ value: kind, label: t(`projects.kinds.${kind}`) }))}
              onChange={(e) => setTarget(row.key, { kind: e.target.value as TargetKind })}
            />
            <Select
              label={t('projects.form.targetLanguage')}
              value={row.language}
              options={targetLanguages}
              onChange={(e) => setTarget(row.key, { language: e.target.value as LanguageCode | '' })}
            />
            <TextField
              type="number"
              inputMode="numeric"
              min={1}
              max={TARGET_COUNT_MAX}
              label={t('projects.form.targetCount')}
              value={row.count}
              onChange={(e) => setTarget(row.key, { count: e.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              aria-label={t('projects.form.removeTargetN', { n: index + 1 })}
              onClick={() =>
                set(
                  'targets',
                  state.targets.filter((r) => r.key !== row.key),
                )
              }
            >
              {t('projects.form.removeTarget')}
            </Button>
          </FieldRow>
        ))}
        {errors.targets ? <FormProblem role="alert">{errors.targets}</FormProblem> : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={state.targets.length >= PROJECT_TARGETS_MAX}
            onClick={() => set('targets', [...state.targets, newTarget()])}
          >
            {t('projects.form.addTarget')}
          </Button>
        </div>
      </Group>
      <MemberPicker members={state.members} onChange={(members) => set('members', members)} />
    </DialogForm>
  );
}
