import { useState } from 'react';
import { useResendVerificationMutation } from '@platform/store';
import { MessageBox } from '../components/MessageBox';
import { SCREEN_MESSAGES } from '../messages';
import { useAuthT, useMessageText } from '../i18n';
import { resendFailureMessage } from './resendMessages';
import { useTimedNotice } from './useTimedNotice';

/**
 * Resend on the pages after sign-up and after an expired link: sends a new link, then shows the SPEC's
 * notice for a few seconds, or why it failed.
 */
export function useResendLink() {
  const [send, { isLoading: sending }] = useResendVerificationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, show } = useTimedNotice();

  async function resend(email: string) {
    if (sending) return;
    setFailure(null);
    try {
      await send({ email }).unwrap();
      show(SCREEN_MESSAGES.resendSent);
    } catch (error) {
      setFailure(resendFailureMessage(error));
    }
  }

  return { resend, sending, failure, notice };
}

/** What came of the last Resend: the failure, or the notice (announced politely). */
export function ResendOutcome({ failure, notice }: { failure: string | null; notice: string | null }) {
  const t = useAuthT();
  const describe = useMessageText();
  return (
    <>
      {failure ? (
        <MessageBox tone="error" title={t('common.error')}>
          {describe(failure)}
        </MessageBox>
      ) : null}
      <div role="status">
        {notice ? (
          <MessageBox tone="success" announce={false}>
            {describe(notice)}
          </MessageBox>
        ) : null}
      </div>
    </>
  );
}
