import { useState } from 'react';
import type { FormEvent } from 'react';
import { DIGEST_FREQUENCIES, NOTIFICATION_TOGGLES } from '@platform/contracts/client';
import type { NotificationSettings } from '@platform/contracts';
import { Button, ErrorState, RadioGroup, Skeleton, Switch, useToast, FormStack } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from '../api/settingsApi';
import { failureMessage } from './errors';
import { Actions, TitledSection } from './Section';

/** Settings → Notifications: the four toggles and the e-mail digest, kept with the account. */
export function NotificationsTab() {
  const t = useWorkspaceT();
  const settings = useGetNotificationSettingsQuery();
  if (settings.error)
    return (
      <ErrorState
        headingLevel={2}
        title={t('settings.loadFailed')}
        message={failureMessage(settings.error, t('settings.tryAgain'))}
        onRetry={() => void settings.refetch()}
        retryLabel={t('settings.retry')}
      />
    );
  if (!settings.data) return <Skeleton lines={5} />;
  return <NotificationsForm saved={settings.data} />;
}

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const t = useWorkspaceT();
  const toast = useToast();
  const [value, setValue] = useState<NotificationSettings>(saved);
  const [save, { isLoading }] = useSaveNotificationSettingsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save(value).unwrap();
      toast.show({ title: t('settings.notifications.saved'), variant: 'success' });
    } catch (error) {
      toast.show({
        title: t('settings.notifications.notSaved'),
        description: failureMessage(error, t('settings.tryAgain')),
        variant: 'error',
      });
    }
  };

  return (
    <TitledSection title={t('settings.notifications.title')}>
      <FormStack onSubmit={(e) => void onSubmit(e)}>
        {NOTIFICATION_TOGGLES.map((key) => (
          <Switch
            key={key}
            label={t(`settings.notifications.toggles.${key}`)}
            hint={t(`settings.notifications.hints.${key}`)}
            checked={value[key]}
            onChange={(e) => setValue({ ...value, [key]: e.target.checked })}
          />
        ))}
        <RadioGroup
          label={t('settings.notifications.digest')}
          name="digest"
          value={value.digest}
          onValueChange={(digest) => setValue({ ...value, digest: digest as NotificationSettings['digest'] })}
          options={DIGEST_FREQUENCIES.map((d) => ({
            value: d,
            label: t(`settings.notifications.digests.${d}`),
          }))}
        />
        <Actions>
          <Button type="submit" loading={isLoading}>
            {t('settings.notifications.save')}
          </Button>
        </Actions>
      </FormStack>
    </TitledSection>
  );
}
