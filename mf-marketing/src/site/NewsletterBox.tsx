import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { focusRing } from '@platform/ui';
import { CONTACT_EMAIL_PATTERN } from '@platform/contracts/client';
import { useMarketingT } from '../i18n';
import { useSubscribeNewsletterMutation } from '../api/publicSiteApi';

type Outcome = 'sent' | 'empty' | 'invalid' | 'tooMany' | 'failed';

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 24rem;
  label {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  input {
    flex: 1;
    min-width: min(100%, 14rem);
    min-height: ${({ theme }) => theme.controlHeights.md};
    padding: 0 ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    ${focusRing}
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger.main};
  }
  button {
    min-height: ${({ theme }) => theme.controlHeights.md};
    padding: 0 ${({ theme }) => theme.space[4]};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.primary.main};
    color: ${({ theme }) => theme.colors.primary.contrastText};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
    ${focusRing}
  }
  button:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

const Message = styled.p<{ $ok: boolean }>`
  min-height: 1.5em;
  margin: 0;
  /* On the footer's dark ground. */
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success.subtle : theme.colors.danger.subtle)};
`;

/**
 * The footer's newsletter box: POST /api/newsletter mails a confirmation link (double opt-in). The answer
 * is the same whatever the address's state, so the box only ever says to check the inbox; a malformed
 * address, too many tries and a failure each say so. The message is a live region.
 */
export function NewsletterBox() {
  const t = useMarketingT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || !new RegExp(CONTACT_EMAIL_PATTERN).test(address)) {
      // The server's own rule (SPEC §5's e-mail), checked here first.
      setOutcome(address ? 'invalid' : 'empty');
      return;
    }
    setOutcome(null);
    try {
      await subscribe({ email: address }).unwrap();
      setEmail('');
      setOutcome('sent');
    } catch (error) {
      const status = statusOf(error);
      setOutcome(status === 400 ? 'invalid' : status === 429 ? 'tooMany' : 'failed');
    }
  };

  const problem = outcome === 'empty' || outcome === 'invalid';
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <strong id={`${id}-title`}>{t('footer.newsletter.title')}</strong>
      <p>{t('footer.newsletter.intro')}</p>
      <label htmlFor={`${id}-email`}>{t('footer.newsletter.email')}</label>
      <Controls>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem}
          aria-describedby={`${id}-message`}
        />
        <button type="submit" disabled={isLoading}>
          {isLoading ? t('footer.newsletter.subscribing') : t('footer.newsletter.subscribe')}
        </button>
      </Controls>
      <Message id={`${id}-message`} role="status" $ok={outcome === 'sent'}>
        {outcome ? t(`footer.newsletter.${outcome}`) : null}
      </Message>
    </Form>
  );
}
