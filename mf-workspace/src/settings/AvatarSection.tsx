import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { translateError } from '@platform/i18n';
import { AVATAR_MAX_BYTES } from '@platform/contracts/client';
import type { Profile } from '@platform/contracts';
import { useUploadProgress } from '@platform/remote-kit/upload';
import { Avatar, Button, FormProblem, ProgressBar, useToast } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import { useRemoveAvatarMutation, useUploadAvatarMutation } from '../api/settingsApi';
import { failureCode, failureMessage } from './errors';
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
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The file whose preview is wanted: a preview that finishes after another choice is dropped.
  const latest = useRef<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { percent, track } = useUploadProgress();
  const [uploadAvatar] = useUploadAvatarMutation();
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
    setProblem(null);
    try {
      await track((onProgress) => uploadAvatar({ file, onProgress }).unwrap());
      clear();
      toast.show({ title: t('settings.profile.updated'), variant: 'success' });
    } catch (error) {
      setProblem(failureMessage(error, t('settings.tryAgain')));
      if (failureCode(error) === 'avatar.too_large') clear();
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
      {problem ? <FormProblem role="alert">{problem}</FormProblem> : null}
      {percent !== null ? (
        <ProgressBar value={percent} label={t('settings.avatar.uploading')} showValue />
      ) : null}
      <Actions>
        {file ? (
          <>
            <Button type="button" onClick={() => void upload()} loading={percent !== null}>
              {t('settings.avatar.upload')}
            </Button>
            <Button type="button" variant="ghost" onClick={clear} disabled={percent !== null}>
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
