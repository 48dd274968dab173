import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import styled from 'styled-components';
import {
  CONTACT_INTERESTS,
  CONTACT_LANGUAGES_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from '@platform/contracts/client';
import { translateError } from '@platform/i18n';
import { readApiError } from '@platform/store';
import { Button, FieldRow, FormStack, Select, TextField, useToast } from '@platform/ui';
import { contactBody, contactErrors, EMPTY_CONTACT, INTEREST_KEYS } from './contactRules';
import type { ContactErrors, ContactValues } from './contactRules';
import { useSectionsT } from './i18n';
import { Section } from './Section';
import { useSendContactInquiryMutation } from './sectionsApi';

const Form = styled(FormStack)`
  max-width: 40rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Refusal = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.danger.subtle};
  color: ${({ theme }) => theme.colors.danger.subtleText};
`;

const FIELD_ORDER: Array<keyof ContactValues> = ['firstName', 'lastName', 'email', 'interest'];

/** #contact: the inquiry form (SPEC §3, §5), sent to POST /api/contact, answered with the SPEC's toasts. */
export function ContactSection() {
  const t = useSectionsT();
  const toast = useToast();
  const [send, { isLoading }] = useSendContactInquiryMutation();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const change =
    (field: keyof ContactValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      // Once a send was tried, each message goes away as soon as its field is right.
      if (tried) setErrors(contactErrors(next));
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setTried(true);
    setRefusal(null);
    const found = contactErrors(values);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await send(contactBody(values)).unwrap();
      toast.show({
        variant: 'success',
        title: t('contact.successTitle'),
        description: t('contact.successText'),
      });
      setValues(EMPTY_CONTACT);
      setErrors({});
      setTried(false);
    } catch (error) {
      const problem = readApiError(error);
      // A refusal (a 400 on a field, the 429 of too many messages) also says why, beside the form.
      if (problem.kind === 'refused') setRefusal(translateError(problem.code, problem.message));
      toast.show({
        variant: 'error',
        title: t('contact.failureTitle'),
        description: t('contact.failureText'),
      });
    }
  };

  const error = (field: keyof ContactValues) => {
    const key = errors[field];
    return key ? t(`contact.errors.${key}`) : undefined;
  };

  return (
    <Section id="contact" title={t('contact.title')} intro={t('contact.intro')} tinted>
      <Form ref={form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="contact-title">
        <FieldRow>
          <TextField
            name="firstName"
            label={t('contact.firstName')}
            autoComplete="given-name"
            maxLength={CONTACT_NAME_MAX_LENGTH}
            required
            value={values.firstName}
            onChange={change('firstName')}
            error={error('firstName')}
          />
          <TextField
            name="lastName"
            label={t('contact.lastName')}
            autoComplete="family-name"
            maxLength={CONTACT_NAME_MAX_LENGTH}
            required
            value={values.lastName}
            onChange={change('lastName')}
            error={error('lastName')}
          />
        </FieldRow>
        <TextField
          name="email"
          type="email"
          label={t('contact.email')}
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          value={values.email}
          onChange={change('email')}
          error={error('email')}
        />
        <Select
          name="interest"
          label={t('contact.interest')}
          required
          value={values.interest}
          onChange={change('interest')}
          error={error('interest')}
          options={CONTACT_INTERESTS.map((interest) => ({
            value: interest,
            label: t(`contact.interests.${INTEREST_KEYS[interest]}`),
          }))}
        />
        <TextField
          name="languages"
          label={t('contact.languages')}
          hint={t('contact.languagesHint')}
          maxLength={CONTACT_LANGUAGES_MAX_LENGTH}
          value={values.languages}
          onChange={change('languages')}
        />
        {refusal ? <Refusal role="alert">{refusal}</Refusal> : null}
        <div>
          <Button type="submit" size="lg" disabled={isLoading}>
            {isLoading ? t('contact.submitting') : t('contact.submit')}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
