import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useNavigate } from '@platform/router';
import { translateError } from '@platform/i18n';
import {
  EMAIL_MAX_LENGTH,
  landingPage,
  pageUrl,
  PASSWORD_MAX_LENGTH,
  signinPage,
} from '@platform/contracts/client';
import { authApi, useAppDispatch } from '@platform/store';
import { Button, Dialog, Skeleton, TextField, useToast, FormStack } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import {
  useChangeEmailMutation,
  useChangePasswordMutation,
  useDeleteMyAccountMutation,
  useGetSettingsProfileQuery,
  useSignOutEverywhereMutation,
} from '../api/settingsApi';
import { failureCode, failureMessage } from './errors';
import { Actions, TitledSection } from './Section';

const Status = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** After the session has ended on the server: leave for `path`, then forget the person in this page. */
function useLeave() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return (path: string) => {
    navigate(path, { replace: true });
    dispatch(authApi.util.upsertQueryData('session', undefined, null));
  };
}

/** A password box: the same limit and masking in every form of this tab. */
function PasswordField({
  onChange,
  ...props
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}) {
  return (
    <TextField
      {...props}
      type="password"
      maxLength={PASSWORD_MAX_LENGTH}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Settings → Account: e-mail, password, sign out everywhere, delete the account. */
export function AccountTab() {
  return (
    <>
      <EmailSection />
      <PasswordSection />
      <SessionsSection />
      <DeleteSection />
    </>
  );
}

function EmailSection() {
  const t = useWorkspaceT();
  const profile = useGetSettingsProfileQuery();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changeEmail, { isLoading }] = useChangeEmailMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('settings.email.invalid');
    if (!currentPassword) found.currentPassword = t('settings.password.currentRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const { pendingEmail } = await changeEmail({ email: email.trim(), currentPassword }).unwrap();
      setSentTo(pendingEmail);
      setEmail('');
      setCurrentPassword('');
    } catch (error) {
      const message = failureMessage(error, t('settings.tryAgain'));
      setErrors(
        failureCode(error) === 'account.password_incorrect'
          ? { currentPassword: message }
          : { email: message },
      );
    }
  };

  const pending = sentTo ?? profile.data?.pendingEmail ?? null;
  return (
    <TitledSection title={t('settings.email.title')}>
      {profile.data ? (
        <p>
          {t('settings.email.current')} <strong translate="no">{profile.data.email}</strong>
        </p>
      ) : (
        <Skeleton width="16rem" />
      )}
      <div role="status">
        {pending ? (
          <Status>
            {sentTo ? `${t('settings.email.sent')} ` : null}
            {t('settings.email.pending')} <strong translate="no">{pending}</strong>
          </Status>
        ) : null}
      </div>
      <FormStack onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('settings.email.new')}
          type="email"
          autoComplete="email"
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label={t('settings.password.current')}
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={errors.currentPassword}
        />
        <Actions>
          <Button type="submit" loading={isLoading}>
            {t('settings.email.submit')}
          </Button>
        </Actions>
      </FormStack>
    </TitledSection>
  );
}

function PasswordSection() {
  const t = useWorkspaceT();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!currentPassword) found.current = t('settings.password.currentRequired');
    if (!newPassword) found.next = t('settings.password.newRequired');
    if (newPassword !== confirmPassword) {
      found.confirm = translateError('account.passwords_differ', t('settings.password.mismatchField'));
    }
    setErrors(found);
    if (found.confirm) {
      toast.show({ title: t('settings.password.mismatch'), variant: 'error' });
    }
    if (Object.keys(found).length) return;
    try {
      const { ended } = await changePassword({ currentPassword, newPassword, confirmPassword }).unwrap();
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast.show({
        title: t('settings.password.updated'),
        description: t('settings.password.sessionsEnded', { count: ended }),
        variant: 'success',
      });
    } catch (error) {
      const code = failureCode(error);
      const message = failureMessage(error, t('settings.tryAgain'));
      if (code === 'account.password_incorrect') setErrors({ current: message });
      else if (code === 'account.passwords_differ') setErrors({ confirm: message });
      else if (code.startsWith('auth.password')) setErrors({ next: message });
      else toast.show({ title: t('settings.password.notUpdated'), description: message, variant: 'error' });
    }
  };

  return (
    <TitledSection title={t('settings.password.title')}>
      <FormStack onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordField
          label={t('settings.password.current')}
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
          error={errors.current}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          hint={t('settings.password.hint')}
          error={errors.next}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirm}
        />
        <Actions>
          <Button type="submit" loading={isLoading}>
            {t('settings.password.submit')}
          </Button>
        </Actions>
      </FormStack>
    </TitledSection>
  );
}

function SessionsSection() {
  const t = useWorkspaceT();
  const toast = useToast();
  const leave = useLeave();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();
  const onClick = async () => {
    try {
      await signOutEverywhere().unwrap();
      leave(pageUrl(signinPage));
    } catch (error) {
      toast.show({
        title: t('settings.sessions.failed'),
        description: failureMessage(error, t('settings.tryAgain')),
        variant: 'error',
      });
    }
  };
  return (
    <TitledSection title={t('settings.sessions.title')}>
      <p>{t('settings.sessions.text')}</p>
      <Actions>
        <Button type="button" variant="outline" onClick={() => void onClick()} loading={isLoading}>
          {t('settings.sessions.submit')}
        </Button>
      </Actions>
    </TitledSection>
  );
}

function DeleteSection() {
  const t = useWorkspaceT();
  const leave = useLeave();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleteAccount, { isLoading }] = useDeleteMyAccountMutation();

  const close = () => {
    setOpen(false);
    setCurrentPassword('');
    setError(undefined);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setError(t('settings.password.currentRequired'));
    try {
      await deleteAccount({ currentPassword }).unwrap();
      leave(pageUrl(landingPage));
    } catch (failure) {
      setError(failureMessage(failure, t('settings.tryAgain')));
    }
  };
  return (
    <TitledSection title={t('settings.delete.title')}>
      <p>{t('settings.delete.text')}</p>
      <Actions>
        <Button type="button" variant="danger" onClick={() => setOpen(true)}>
          {t('settings.delete.open')}
        </Button>
      </Actions>
      <Dialog
        open={open}
        onClose={close}
        title={t('settings.delete.confirmTitle')}
        description={t('settings.delete.confirmText')}
        closeLabel={t('settings.close')}
        size="sm"
      >
        <FormStack onSubmit={(e) => void onSubmit(e)} noValidate>
          <PasswordField
            label={t('settings.password.current')}
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
            error={error}
          />
          <Actions>
            <Button type="button" variant="ghost" onClick={close}>
              {t('settings.delete.cancel')}
            </Button>
            <Button type="submit" variant="danger" loading={isLoading}>
              {t('settings.delete.confirm')}
            </Button>
          </Actions>
        </FormStack>
      </Dialog>
    </TitledSection>
  );
}
