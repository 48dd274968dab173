import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/router';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { pageUrl, signinPage, TEXT_CATEGORIES, TEXT_PAIR_MAX_LENGTH } from '@platform/contracts/client';
import { Button, Card, EmptyState, Select, TextArea, useToast } from '@platform/ui';
import { useAddTextPairMutation, useGetMyTextFiguresQuery } from '../api/datasetsApi';
import { readApiError, specificErrorMessage } from '../api/errorMessage';
import { useDatasetsT } from '../i18n';
import { TextPairFigures } from './TextPairFigures';
import {
  EMPTY_DRAFT,
  characterCount,
  checkDraft,
  fieldOfCode,
  isTextCategory,
  type FieldProblems,
  type TextPairDraft,
  type TextPairField,
} from './textPairForm';

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 48rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[3]};
`;

const FIELD_ORDER: readonly TextPairField[] = ['english', 'yoruba', 'category'];

/** Shown instead of the form when the API answers 401: a pair belongs to the person who adds it. */
function SignInNeeded() {
  const t = useDatasetsT();
  return (
    <EmptyState
      headingLevel={2}
      title={t('addTextPair.signInTitle')}
      description={t('addTextPair.signInDescription')}
      action={
        <Button as={Link} to={pageUrl(signinPage)}>
          {t('addTextPair.signIn')}
        </Button>
      }
    />
  );
}

/** /data/addtextpair: an English sentence, its Yoruba translation and a category, sent for review. */
export function AddTextPairPage() {
  const t = useDatasetsT();
  const toast = useToast();
  const figures = useGetMyTextFiguresQuery();
  const [addTextPair, { isLoading: submitting }] = useAddTextPairMutation();
  const [draft, setDraft] = useState<TextPairDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<FieldProblems>({});
  /** A refusal of the text service about one field, in the person's language. */
  const [serverProblem, setServerProblem] = useState<{ field: TextPairField; message: string } | null>(null);
  const [sessionGone, setSessionGone] = useState(false);
  const englishRef = useRef<HTMLTextAreaElement>(null);
  const yorubaRef = useRef<HTMLTextAreaElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const focusField = (field: TextPairField) =>
    ({ english: englishRef, yoruba: yorubaRef, category: categoryRef })[field].current?.focus();

  const signedOut = sessionGone || readApiError(figures.error).status === 401;
  // A failed figures call that is not 401 only hides the line; the form still works.
  const figuresLoading = figures.isLoading;

  const clearMessages = () => {
    setProblems({});
    setServerProblem(null);
    toast.dismiss();
  };

  const reset = () => {
    setDraft(EMPTY_DRAFT);
    clearMessages();
    focusField('english');
  };

  const change = (field: TextPairField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // An edited field's message no longer describes it.
    setProblems(({ [field]: _gone, ...rest }) => rest);
    setServerProblem((p) => (p?.field === field ? null : p));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    clearMessages();
    const found = checkDraft(draft);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      setProblems(found);
      focusField(first);
      return;
    }
    if (!isTextCategory(draft.category)) return;
    try {
      await addTextPair({
        source_lang_text: draft.english.trim().normalize('NFC'),
        target_lang_text: draft.yoruba.trim().normalize('NFC'),
        text_category: draft.category,
      }).unwrap();
      setDraft(EMPTY_DRAFT);
      toast.show({
        variant: 'success',
        title: t('addTextPair.success'),
        description: t('addTextPair.successHint'),
      });
      focusField('english');
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 401) {
        setSessionGone(true);
        return;
      }
      const message = specificErrorMessage(failure);
      const field = fieldOfCode(failure.code);
      if (message && field) setServerProblem({ field, message });
      toast.show({ variant: 'error', title: message ?? t('addTextPair.failed') });
    }
  };

  const messageFor = (field: TextPairField): string | undefined => {
    const problem = problems[field];
    if (problem) return t(`addTextPair.${problem}`, { max: TEXT_PAIR_MAX_LENGTH });
    return serverProblem?.field === field ? serverProblem.message : undefined;
  };

  const counter = (text: string) =>
    t('addTextPair.characters', { count: characterCount(text), max: TEXT_PAIR_MAX_LENGTH });

  return (
    <PageBody>
      <PageHeader title={t('titles.addTextPair')} subtitle={t('subtitles.addTextPair')} />
      {signedOut ? (
        <SignInNeeded />
      ) : (
        <>
          <Toolbar>
            <Button type="button" variant="outline" onClick={reset}>
              {t('addTextPair.newPair')}
            </Button>
          </Toolbar>
          <TextPairFigures stats={figures.data} loading={figuresLoading} />
          <Card
            title={t('addTextPair.cardTitle')}
            description={t('addTextPair.cardDescription')}
            padding="lg"
          >
            <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={submitting || undefined}>
              <TextArea
                ref={englishRef}
                label={t('addTextPair.english')}
                placeholder={t('addTextPair.englishPlaceholder')}
                required
                lang="en"
                rows={3}
                value={draft.english}
                onChange={(e) => change('english', e.target.value)}
                hint={counter(draft.english)}
                error={messageFor('english')}
              />
              <TextArea
                ref={yorubaRef}
                label={t('addTextPair.yoruba')}
                placeholder={t('addTextPair.yorubaPlaceholder')}
                required
                lang="yo"
                rows={3}
                value={draft.yoruba}
                onChange={(e) => change('yoruba', e.target.value)}
                hint={`${t('addTextPair.yorubaHint')} ${counter(draft.yoruba)}`}
                error={messageFor('yoruba')}
              />
              <Select
                ref={categoryRef}
                label={t('addTextPair.category')}
                placeholder={t('addTextPair.categoryPlaceholder')}
                required
                value={draft.category}
                onChange={(e) => change('category', e.target.value)}
                options={TEXT_CATEGORIES.map((c) => ({ value: c, label: t(`addTextPair.categories.${c}`) }))}
                error={messageFor('category')}
              />
              <Actions>
                <Button type="button" variant="ghost" onClick={reset} disabled={submitting}>
                  {t('addTextPair.clear')}
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? t('addTextPair.submitting') : t('addTextPair.submit')}
                </Button>
              </Actions>
            </Form>
          </Card>
        </>
      )}
    </PageBody>
  );
}
