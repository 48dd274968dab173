import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
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
import {
  Button,
  Checkbox,
  Dialog,
  Select,
  TextArea,
  TextField,
  useToast,
  FormStack,
  FieldRow,
} from '@platform/ui';
import { useCreateDatasetMutation, useUpdateDatasetMutation } from '../api/releasesApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.space[2]};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger.main};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

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

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
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
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateDatasetMutation();
  const [update, updating] = useUpdateDatasetMutation();
  const open = editing !== undefined;
  const formRef = useRef<HTMLFormElement>(null);

  // A refused submit takes the focus to the first field that says what is wrong (it may be scrolled away).
  useEffect(() => {
    const form = formRef.current;
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      (errors.include ? form?.querySelector<HTMLElement>('#dataset-include input') : null);
    first?.focus();
  }, [errors]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDataset(state, t);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
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
    try {
      if (editing) await update({ id: editing.id, body }).unwrap();
      else await create(body).unwrap();
      toast.show({
        variant: 'success',
        title: t(editing ? 'downloads.form.saved' : 'downloads.form.created'),
      });
      onClose();
    } catch (error) {
      const failure = readApiError(error);
      if (failure.code === 'dataset.name_taken')
        setErrors({ name: specificErrorMessage(failure) ?? undefined });
      else setProblem(specificErrorMessage(failure) ?? t('downloads.form.failed'));
    }
  };

  const formId = 'dataset-definition-form';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      closeLabel={t('downloads.close')}
      title={t(editing ? 'downloads.form.editTitle' : 'downloads.form.newTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('downloads.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={creating.isLoading || updating.isLoading}>
            {t(editing ? 'downloads.form.save' : 'downloads.form.create')}
          </Button>
        </>
      }
    >
      <FormStack ref={formRef} id={formId} noValidate onSubmit={(e) => void submit(e)}>
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
        <Group id="dataset-include" aria-describedby={errors.include ? 'dataset-include-error' : undefined}>
          <legend>{t('downloads.form.sources')}</legend>
          <Choices>
            {DATASET_SOURCES.map((source) => (
              <Checkbox
                key={source}
                label={t(`downloads.form.sourceKinds.${source}`)}
                checked={state.include.includes(source)}
                onChange={(e) => set('include', toggle(state.include, source, e.target.checked))}
              />
            ))}
          </Choices>
          {errors.include ? (
            <Problem id="dataset-include-error" role="alert">
              {errors.include}
            </Problem>
          ) : null}
        </Group>
        <Group>
          <legend>{t('downloads.form.sourceLanguages')}</legend>
          <p>{t('downloads.form.allWhenEmpty')}</p>
          <Choices>
            {LANGUAGE_CODES.map((code) => (
              <Checkbox
                key={code}
                label={t(`downloads.languages.${code}`)}
                checked={state.languages.includes(code)}
                onChange={(e) => set('languages', toggle(state.languages, code, e.target.checked))}
              />
            ))}
          </Choices>
        </Group>
        <Group>
          <legend>{t('downloads.form.sourceDomains')}</legend>
          <p>{t('downloads.form.allWhenEmpty')}</p>
          <Choices>
            {SENTENCE_DOMAINS.map((domain) => (
              <Checkbox
                key={domain}
                label={t(`downloads.form.domains.${domain}`)}
                checked={state.domains.includes(domain)}
                onChange={(e) => set('domains', toggle(state.domains, domain, e.target.checked))}
              />
            ))}
          </Choices>
        </Group>
        <Group>
          <legend>{t('downloads.form.sourceCategories')}</legend>
          <p>{t('downloads.form.allWhenEmpty')}</p>
          <Choices>
            {DATASET_CATEGORIES.map((category) => (
              <Checkbox
                key={category}
                label={t(`downloads.categories.${category}`)}
                checked={state.categories.includes(category)}
                onChange={(e) => set('categories', toggle(state.categories, category, e.target.checked))}
              />
            ))}
          </Choices>
        </Group>
        {problem ? <Problem role="alert">{problem}</Problem> : null}
      </FormStack>
    </Dialog>
  );
}
