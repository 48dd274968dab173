import { useId } from 'react';
import styled from 'styled-components';
import {
  isLanguageCode,
  LANGUAGES,
  SENTENCE_DOMAINS,
  SENTENCE_DOMAINS_MAX,
} from '@platform/contracts/client';
import type { LanguageCode, SentenceDomain } from '@platform/contracts';
import { Checkbox, Select, TextField } from '@platform/ui';
import { useContributeT } from '../i18n';
import { LANGUAGE_OWN_NAMES } from './languageNames';

/** The most domains one sentence may have (SPEC §9: up to three). */
export const MAX_DOMAINS = SENTENCE_DOMAINS_MAX;

/** What every sentence of one submission shares: its language, domains, citation and licence. */
export interface SharedValues {
  lang: LanguageCode;
  domain: SentenceDomain[];
  citation: string;
  cc0Confirmed: boolean;
}

/** A refusal that belongs to one of the shared fields, shown under it. */
export type SharedFieldErrors = Partial<Record<'citation' | 'domain' | 'cc0Confirmed', string>>;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Small = styled.p<{ $error?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger.main : theme.colors.textMuted)};
`;

const DomainGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
`;

const Cite = styled.details`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.primary.main};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  dl {
    margin: ${({ theme }) => theme.space[2]} 0 0;
  }
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The collapsible 'How do I cite?' with its three formats: books, websites and academic papers. */
export function HowToCite() {
  const t = useContributeT();
  return (
    <Cite>
      <summary>{t('write.howToCite')}</summary>
      <dl>
        <dt>{t('write.cite.books')}</dt>
        <dd>{t('write.cite.booksFormat')}</dd>
        <dt>{t('write.cite.websites')}</dt>
        <dd>{t('write.cite.websitesFormat')}</dd>
        <dt>{t('write.cite.papers')}</dt>
        <dd>{t('write.cite.papersFormat')}</dd>
      </dl>
    </Cite>
  );
}

export interface SharedFieldsProps {
  values: SharedValues;
  onChange: (values: SharedValues) => void;
  errors?: SharedFieldErrors;
  disabled?: boolean;
}

/** Language, domains (up to three), citation (required) and the CC0 confirmation. */
export function SharedFields({ values, onChange, errors = {}, disabled }: SharedFieldsProps) {
  const t = useContributeT();
  const domainHintId = useId();
  const domainErrorId = useId();
  const set = (patch: Partial<SharedValues>) => onChange({ ...values, ...patch });
  const full = values.domain.length >= MAX_DOMAINS;

  const toggleDomain = (domain: SentenceDomain, on: boolean) => {
    const chosen = new Set(values.domain);
    if (on) chosen.add(domain);
    else chosen.delete(domain);
    // Kept in the list's order, whatever the order of clicks.
    set({ domain: SENTENCE_DOMAINS.filter((d) => chosen.has(d)) });
  };

  return (
    <Fields>
      <Select
        label={t('write.language')}
        value={values.lang}
        disabled={disabled}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) set({ lang: event.target.value });
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} translate="no">
            {LANGUAGE_OWN_NAMES[l.code]}
          </option>
        ))}
      </Select>
      <Fieldset
        disabled={disabled}
        aria-describedby={errors.domain ? `${domainHintId} ${domainErrorId}` : domainHintId}
      >
        <legend>{t('write.domains')}</legend>
        <Small id={domainHintId}>{t('write.domainsHint')}</Small>
        <DomainGrid>
          {SENTENCE_DOMAINS.map((domain) => {
            const checked = values.domain.includes(domain);
            return (
              <Checkbox
                key={domain}
                label={t(`write.domainNames.${domain}`)}
                value={domain}
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => toggleDomain(domain, event.target.checked)}
              />
            );
          })}
        </DomainGrid>
        {errors.domain ? (
          <Small id={domainErrorId} $error role="alert">
            {errors.domain}
          </Small>
        ) : null}
      </Fieldset>
      <TextField
        label={t('write.citation')}
        hint={t('write.citationHint')}
        required
        value={values.citation}
        error={errors.citation}
        disabled={disabled}
        onChange={(event) => set({ citation: event.target.value })}
      />
      <HowToCite />
      <Checkbox
        label={t('write.cc0')}
        checked={values.cc0Confirmed}
        error={errors.cc0Confirmed}
        disabled={disabled}
        onChange={(event) => set({ cc0Confirmed: event.target.checked })}
      />
    </Fields>
  );
}
