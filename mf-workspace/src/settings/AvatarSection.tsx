import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { translateError } from '@platform/i18n';
import { AVATAR_MAX_BYTES, AVATAR_FILE_FIELD, postAvatar, routeUrl } from '@platform/contracts/client';
import type { Profile } from '@platform/contracts';
import { api, readApiError, uploadWithProgress, useAppDispatch } from '@platform/store';
import { Avatar, Button, ProgressBar, useToast } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { MY_PROFILE, useRemoveAvatarMutation } from '../api/settingsApi';
import { failureMessage } from './errors';
import { Actions, TitledSection } from './Section';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
`;

const FileLabel = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger.main};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The chosen image as a data URL, for its preview before it is sent. */
async function previewOf(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${file.type};base64,${btoa(binary)}`;
}

/**
 * The avatar: a preview of the chosen image, uploaded with its progress; an image over 2 MB is refused here,
 * before anything is sent. Removing it goes back to the initials.
 */
export function AvatarSection({ profile }: { profile: Profile }) {
  const t = useWorkspaceT();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The file whose preview is wanted: a preview that finishes after another choice is dropped.
  const latest = useRef<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removeAvatar, removing] = useRemoveAvatarMutation();

  const clear = () => {
    latest.current = null;
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    if (!chosen) return clear();
    if (chosen.size > AVATAR_MAX_BYTES) {
      clear();
      setProblem(translateError('avatar.too_large', t('settings.avatar.tooLarge')));
      return;
    }
    setFile(chosen);
    latest.current = chosen;
    void previewOf(chosen).then(
      (url) => latest.current === chosen && setPreview(url),
      () => latest.current === chosen && setPreview(null),
    );
  };

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append(AVATAR_FILE_FIELD, file);
    setProgress(0);
    setProblem(null);
    try {
      const answer = await uploadWithProgress(routeUrl(postAvatar.path), form, {
        onProgress: ({ loaded, total }) => setProgress(total ? Math.round((100 * loaded) / total) : 0),
      });
      if (answer.status >= 200 && answer.status < 300) {
        clear();
        dispatch(api.util.invalidateTags([MY_PROFILE]));
        toast.show({ title: t('settings.profile.updated'), variant: 'success' });
      } else {
        const failure = readApiError({ status: answer.status, data: answer.body });
        setProblem(failureMessage({ status: answer.status, data: answer.body }, t('settings.tryAgain')));
        if (failure.code === 'avatar.too_large') clear();
      }
    } catch {
      setProblem(t('settings.tryAgain'));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await removeAvatar().unwrap();
      toast.show({ title: t('settings.profile.updated'), variant: 'success' });
    } catch (error) {
      setProblem(failureMessage(error, t('settings.tryAgain')));
    }
  };

  const shown = preview ?? profile.avatarUrl;
  return (
    <TitledSection title={t('settings.avatar.title')}>
      <Row>
        <Avatar
          size="lg"
          name={profile.fullName}
          src={shown}
          alt={preview ? t('settings.avatar.preview') : t('settings.avatar.current')}
        />
        <div>
          <FileLabel htmlFor={inputId}>{t('settings.avatar.choose')}</FileLabel>
          <div>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              aria-describedby={hintId}
              onChange={onChoose}
            />
          </div>
          <p id={hintId}>{t('settings.avatar.hint')}</p>
        </div>
      </Row>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      {progress !== null ? (
        <ProgressBar value={progress} label={t('settings.avatar.uploading')} showValue />
      ) : null}
      <Actions>
        {file ? (
          <>
            <Button type="button" onClick={() => void upload()} loading={progress !== null}>
              {t('settings.avatar.upload')}
            </Button>
            <Button type="button" variant="ghost" onClick={clear} disabled={progress !== null}>
              {t('settings.avatar.cancel')}
            </Button>
          </>
        ) : null}
        {profile.avatarUrl && !file ? (
          <Button type="button" variant="outline" onClick={() => void remove()} loading={removing.isLoading}>
            {t('settings.avatar.remove')}
          </Button>
        ) : null}
      </Actions>
    </TitledSection>
  );
}
