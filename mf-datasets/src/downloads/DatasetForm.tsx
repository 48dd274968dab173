import { useState } from 'react';
import {
  DATASET_CATEGORIES,
  DATASET_DESCRIPTION_MAX_LENGTH,
  DATASET_LANGUAGES,
  DATASET_LICENSES,
  DATASET_LICENSE_LABELS,
  DATASET_NAME_MAX_LENGTH,
  DATASET_SOURCES,
  DATASET_TAG_MAX_LENGTH,
  DATASET_TAGS_MAX,
  LANGUAGE_CODES,
  SENTENCE_DOMAINS,
} from '@platform/contracts/client';
import type { Dataset, DatasetInput } from '@platform/contracts';
import { useFormSubmit } from '@platform/remote-kit';
import {
  CheckboxGroup,
  DialogForm,
  FieldRow,
  FormProblem,
  Select,
  TextArea,
  TextField,
  useToast,
} from '@platform/ui';
import { useCreateDatasetMutation, useUpdateDatasetMutation } from '../api/releasesApi';
import { useDatasetsT } from '../i18n';

type Errors = Partial<Record<'name' | 'description' | 'tags' | 'include', string>>;

interface FormState {
  name: string;
  description: string;
  language: DatasetInput['language'];
  category: DatasetInput['category'];
  tags: string;
  license: DatasetInput['license'];
  include: DatasetInput['sources']['include'];
  languages: DatasetInput['sources']['languages'];
  domains: DatasetInput['sources']['domains'];
  categories: DatasetInput['sources']['categories'];
}

const EMPTY: FormState = {
  name: '',
  description: '',
  language: 'yo',
  category: 'conversational',
  tags: '',
  license: 'CC-BY-4.0',
  include: ['recordings'],
  languages: ['yo'],
  domains: [],
  categories: [],
};

function stateOf(dataset: Dataset | null): FormState {
  if (!dataset) return EMPTY;
  return {
    name: dataset.name,
    description: dataset.description,
    language: dataset.language,
    category: dataset.category,
    tags: dataset.tags.join(', '),
    license: dataset.license,
    include: [...dataset.sources.include],
    languages: [...dataset.sources.languages],
    domains: [...dataset.sources.domains],
    categories: [...dataset.sources.categories],
  };
}

/** Tags as typed: comma separated, trimmed, without blanks. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);

/** The checks the service makes on a definition, said before sending (the service still has the last word). */
export function validateDataset(
  state: FormState,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const errors: Errors = {};
  const tags = parseTags(state.tags);
  if (!state.name.trim()) errors.name = t('downloads.form.nameRequired');
  else if (state.name.trim().length > DATASET_NAME_MAX_LENGTH)
    errors.name = t('downloads.form.tooLong', { max: DATASET_NAME_MAX_LENGTH });
  if (!state.description.trim()) errors.description = t('downloads.form.descriptionRequired');
  else if (state.description.trim().length > DATASET_DESCRIPTION_MAX_LENGTH)
    errors.description = t('downloads.form.tooLong', { max: DATASET_DESCRIPTION_MAX_LENGTH });
  if (tags.length > DATASET_TAGS_MAX)
    errors.tags = t('downloads.form.tooManyTags', { max: DATASET_TAGS_MAX });
  else if (tags.some((tag) => tag.length > DATASET_TAG_MAX_LENGTH))
    errors.tags = t('downloads.form.tagTooLong', { max: DATASET_TAG_MAX_LENGTH });
  else if (new Set(tags.map((tag) => tag.toLowerCase())).size !== tags.length)
    errors.tags = t('downloads.form.duplicateTags');
  if (state.include.length === 0) errors.include = t('downloads.form.sourcesRequired');
  return errors;
}

export interface DatasetFormProps {
  /** Open for a new dataset (null) or to edit one; closed when undefined. */
  editing: Dataset | null | undefined;
  onClose: () => void;
}

/** Admins: define a dataset or edit its definition (name, texts, badges, licence, what it draws from). */
export function DatasetForm({ editing, onClose }: DatasetFormProps) {
  const t = useDatasetsT();
  const toast = useToast();
  const [state, setState] = useState<FormState>(() => stateOf(editing ?? null));
  const [create, creating] = useCreateDatasetMutation();
  const [update, updating] = useUpdateDatasetMutation();
  const busy = creating.isLoading || updating.isLoading;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const { errors, problem, onSubmit } = useFormSubmit({
    validate: () => validateDataset(state, t),
    send: () => {
      const body: DatasetInput = {
        name: state.name.trim(),
        description: state.description.trim(),
        language: state.language,
        category: state.category,
        tags: parseTags(state.tags),
        license: state.license,
        sources: {
          include: state.include,
          languages: state.languages,
          domains: state.domains,
          categories: state.categories,
        },
      };
      return editing ? update({ id: editing.id, body }).unwrap() : create(body).unwrap();
    },
    onSent: () => {
      toast.show({
        variant: 'success',
        title: t(editing ? 'downloads.form.saved' : 'downloads.form.created'),
      });
      onClose();
    },
    fieldOf: (code) => (code === 'dataset.name_taken' ? 'name' : undefined),
    fallback: t('downloads.form.failed'),
    busy,
  });

  return (
    <DialogForm
      open={editing !== undefined}
      onClose={onClose}
      closeLabel={t('downloads.close')}
      title={t(editing ? 'downloads.form.editTitle' : 'downloads.form.newTitle')}
      cancelLabel={t('downloads.form.cancel')}
      submitLabel={t(editing ? 'downloads.form.save' : 'downloads.form.create')}
      busy={busy}
      onSubmit={onSubmit}
      errors={errors}
    >
      <TextField
        label={t('downloads.form.name')}
        value={state.name}
        maxLength={DATASET_NAME_MAX_LENGTH}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextArea
        label={t('downloads.form.description')}
        value={state.description}
        rows={3}
        maxLength={DATASET_DESCRIPTION_MAX_LENGTH}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <FieldRow>
        <Select
          label={t('downloads.form.language')}
          value={state.language}
          options={DATASET_LANGUAGES.map((l) => ({ value: l, label: t(`downloads.languages.${l}`) }))}
          onChange={(e) => set('language', e.target.value as FormState['language'])}
        />
        <Select
          label={t('downloads.form.category')}
          value={state.category}
          options={DATASET_CATEGORIES.map((c) => ({ value: c, label: t(`downloads.categories.${c}`) }))}
          onChange={(e) => set('category', e.target.value as FormState['category'])}
        />
        <Select
          label={t('downloads.form.licence')}
          value={state.license}
          options={DATASET_LICENSES.map((l) => ({ value: l, label: DATASET_LICENSE_LABELS[l] }))}
          onChange={(e) => set('license', e.target.value as FormState['license'])}
        />
      </FieldRow>
      <TextField
        label={t('downloads.form.tags')}
        hint={t('downloads.form.tagsHint', { max: DATASET_TAGS_MAX })}
        value={state.tags}
        error={errors.tags}
        onChange={(e) => set('tags', e.target.value)}
      />
      <CheckboxGroup
        legend={t('downloads.form.sources')}
        options={DATASET_SOURCES.map((source) => ({
          value: source,
          label: t(`downloads.form.sourceKinds.${source}`),
        }))}
        value={state.include}
        onChange={(include) => set('include', include)}
        error={errors.include}
      />
      <CheckboxGroup
        legend={t('downloads.form.sourceLanguages')}
        hint={t('downloads.form.allWhenEmpty')}
        options={LANGUAGE_CODES.map((code) => ({ value: code, label: t(`downloads.languages.${code}`) }))}
        value={state.languages}
        onChange={(languages) => set('languages', languages)}
      />
      <CheckboxGroup
        legend={t('downloads.form.sourceDomains')}
        hint={t('downloads.form.allWhenEmpty')}
        options={SENTENCE_DOMAINS.map((domain) => ({
          value: domain,
          label: t(`downloads.form.domains.${domain}`),
        }))}
        value={state.domains}
        onChange={(domains) => set('domains', domains)}
      />
      <CheckboxGroup
        legend={t('downloads.form.sourceCategories')}
        hint={t('downloads.form.allWhenEmpty')}
        options={DATASET_CATEGORIES.map((category) => ({
          value: category,
          label: t(`downloads.categories.${category}`),
        }))}
        value={state.categories}
        onChange={(categories) => set('categories', categories)}
      />
      {problem ? <FormProblem role="alert">{problem}</FormProblem> : null}
    </DialogForm>
  );
}
