import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link, useSearchParams } from '@platform/router';
import { landingPage, NEWSLETTER_CONFIRM_HOURS, pageUrl } from '@platform/contracts/client';
import { translateError } from '@platform/i18n';
import { AlertIcon, Button, CheckIcon, InfoIcon, Spinner } from '@platform/ui';
import { usePagesT } from '../page-texts/i18n';
import { useConfirmNewsletterMutation, useUnsubscribeNewsletterMutation } from '../pages-api';
import {
  INVALID_LINK,
  TOKEN_PATTERN,
  linkOf,
  redeemOnce,
  stateOf,
  type NewsletterState,
} from './redeemToken';

const Message = styled.div<{ $tone: 'success' | 'danger' | 'info' }>`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space[5]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $tone }) => theme.colors[$tone].subtle};
  color: ${({ theme, $tone }) => theme.colors[$tone].subtleText};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
  svg {
    flex: none;
    margin-top: 0.2em;
    font-size: 1.25rem;
  }
`;

const Working = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

function Outcome({ state }: { state: NewsletterState }) {
  const t = usePagesT();
  switch (state.status) {
    case 'working':
      return (
        <Working>
          <Spinner decorative />
          <span>{t('newsletter.working')}</span>
        </Working>
      );
    case 'subscribed':
      return (
        <Message $tone="success">
          <CheckIcon />
          <div>
            <h2>{t('newsletter.subscribedTitle')}</h2>
            <p>{t('newsletter.subscribedText')}</p>
          </div>
        </Message>
      );
    case 'unsubscribed':
      return (
        <Message $tone="success">
          <CheckIcon />
          <div>
            <h2>{t('newsletter.unsubscribedTitle')}</h2>
            <p>{t('newsletter.unsubscribedText')}</p>
          </div>
        </Message>
      );
    case 'invalid':
      return (
        <Message $tone="danger">
          <AlertIcon />
          <div>
            <h2>{t('newsletter.invalidTitle')}</h2>
            <p>{translateError(state.code, state.message)}</p>
          </div>
        </Message>
      );
    case 'error':
      return (
        <Message $tone="danger">
          <AlertIcon />
          <div>
            <h2>{t('newsletter.errorTitle')}</h2>
            <p>{t('newsletter.errorText')}</p>
          </div>
        </Message>
      );
  }
}

/** What a newsletter link comes to: its outcome (posted once), or, without a link, where to subscribe. */
export function NewsletterLink() {
  const t = usePagesT();
  const [params] = useSearchParams();
  const link = linkOf(params);
  const action = link?.action;
  const token = link?.token ?? '';
  const wellFormed = TOKEN_PATTERN.test(token);
  const [confirm] = useConfirmNewsletterMutation();
  const [unsubscribe] = useUnsubscribeNewsletterMutation();
  const [state, setState] = useState<NewsletterState>(() =>
    !link
      ? { status: 'working' }
      : wellFormed
        ? { status: 'working' }
        : { status: 'invalid', ...INVALID_LINK },
  );
  const [attempt, setAttempt] = useState(0);

  const redeem = useCallback(async () => {
    if (action === 'unsubscribe') return stateOf(await unsubscribe(token));
    return stateOf(await confirm(token));
  }, [action, token, confirm, unsubscribe]);

  useEffect(() => {
    if (!action || !wellFormed) return undefined;
    let current = true;
    void redeemOnce(`${action}:${token}`, redeem).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [action, token, wellFormed, redeem, attempt]);

  const tryAgain = () => {
    setState({ status: 'working' });
    setAttempt((n) => n + 1);
  };

  return (
    <>
      {link ? (
        <div aria-live="polite" data-newsletter-state={state.status}>
          <Outcome state={state} />
        </div>
      ) : (
        <Message $tone="info">
          <InfoIcon />
          <div>
            <h2>{t('newsletter.noLinkTitle')}</h2>
            <p>{t('newsletter.noLinkText', { hours: NEWSLETTER_CONFIRM_HOURS })}</p>
          </div>
        </Message>
      )}
      <Actions>
        {state.status === 'error' ? (
          <Button variant="outline" onClick={tryAgain}>
            {t('newsletter.tryAgain')}
          </Button>
        ) : null}
        <Button as={Link} to={pageUrl(landingPage)}>
          {link ? t('newsletter.home') : t('newsletter.toFooter')}
        </Button>
      </Actions>
    </>
  );
}
