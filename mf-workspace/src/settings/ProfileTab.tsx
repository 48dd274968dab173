import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import {
  ACCENT_MAX_LENGTH,
  AGE_RANGES,
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  GENDERS,
  LANGUAGE_CODES,
  PROFICIENCIES,
  PROFILE_LANGUAGES_MAX,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@platform/contracts/client';
import type { Profile, ProfileLanguage, SpeakerDetails } from '@platform/contracts';
import { Button, ErrorState, Select, Skeleton, TextArea, TextField, useToast, FormStack } from '@platform/ui';
import { useWorkspaceT } from '../i18n';
import {
  useGetSettingsProfileQuery,
  useGetSpeakerDetailsQuery,
  useSaveProfileMutation,
  useSaveSpeakerDetailsMutation,
} from '../api/settingsApi';
import { AvatarSection } from './AvatarSection';
import { failureCode, failureMessage } from './errors';
import { Actions, TitledSection } from './Section';

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

const LanguageRow = styled.li`
  display: grid;
  grid-template-columns: 1fr 1fr auto;
  gap: ${({ theme }) => theme.space[2]};
  align-items: end;
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-left: 3px solid ${({ theme }) => theme.colors.info.main};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Settings → Profile: photo, the profile's fields and the optional speaker details, saved together. */
export function ProfileTab() {
  const t = useWorkspaceT();
  const profile = useGetSettingsProfileQuery();
  const speaker = useGetSpeakerDetailsQuery();
  if (profile.error)
    return (
      <ErrorState
        headingLevel={2}
        title={t('settings.loadFailed')}
        message={failureMessage(profile.error, t('settings.tryAgain'))}
        onRetry={() => void profile.refetch()}
        retryLabel={t('settings.retry')}
      />
    );
  if (!profile.data || speaker.isLoading) return <Skeleton lines={8} />;
  return (
    <>
      <AvatarSection profile={profile.data} />
      <ProfileForm
        key={profile.data.id}
        profile={profile.data}
        speaker={speaker.error ? null : (speaker.data ?? null)}
      />
    </>
  );
}

type Errors = Partial<Record<'fullName' | 'username', string>>;

function ProfileForm({ profile, speaker }: { profile: Profile; speaker: SpeakerDetails | null }) {
  const t = useWorkspaceT();
  const toast = useToast();
  const [fullName, setFullName] = useState(profile.fullName);
  const [username, setUsername] = useState(profile.username ?? '');
  const [bio, setBio] = useState(profile.bio);
  const [languages, setLanguages] = useState<ProfileLanguage[]>(profile.languages);
  const [ageRange, setAgeRange] = useState(speaker?.ageRange ?? '');
  const [gender, setGender] = useState(speaker?.gender ?? '');
  const [accent, setAccent] = useState(speaker?.accent ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saveProfile, profileSaving] = useSaveProfileMutation();
  const [saveSpeaker, speakerSaving] = useSaveSpeakerDetailsMutation();

  const languageName = (code: string) => t(`analytics.languages.${code}`);
  const unused = LANGUAGE_CODES.filter((code) => !languages.some((l) => l.language === code));

  const validate = (): Errors => {
    const found: Errors = {};
    if (!fullName.trim()) found.fullName = t('settings.profile.fullNameRequired');
    const name = username.trim();
    if (
      name &&
      (name.length < USERNAME_MIN_LENGTH || name.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(name))
    )
      found.username = t('settings.profile.usernameRule', {
        min: USERNAME_MIN_LENGTH,
        max: USERNAME_MAX_LENGTH,
      });
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await saveProfile({
        fullName: fullName.trim(),
        username: username.trim() || null,
        bio,
        languages,
      }).unwrap();
      if (speaker) {
        await saveSpeaker({
          ageRange: (ageRange || null) as SpeakerDetails['ageRange'],
          gender: (gender || null) as SpeakerDetails['gender'],
          accent: accent.trim() || null,
        }).unwrap();
      }
      toast.show({ title: t('settings.profile.updated'), variant: 'success' });
    } catch (error) {
      const message = failureMessage(error, t('settings.tryAgain'));
      if (failureCode(error) === 'profile.username_taken') setErrors({ username: message });
      toast.show({ title: t('settings.profile.notSaved'), description: message, variant: 'error' });
    }
  };

  return (
    <FormStack onSubmit={(e) => void onSubmit(e)} noValidate>
      <TitledSection title={t('settings.profile.title')}>
        <TextField
          label={t('settings.profile.fullName')}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          maxLength={FULL_NAME_MAX_LENGTH}
          autoComplete="name"
          required
          error={errors.fullName}
        />
        <TextField
          label={t('settings.profile.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          hint={t('settings.profile.usernameHint')}
          error={errors.username}
        />
        <TextArea
          label={t('settings.profile.bio')}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          maxLength={BIO_MAX_LENGTH}
          hint={t('settings.profile.bioHint', { max: BIO_MAX_LENGTH })}
        />
        <fieldset>
          <legend>{t('settings.profile.languages')}</legend>
          {languages.length === 0 ? <p>{t('settings.profile.noLanguages')}</p> : null}
          <Rows>
            {languages.map((row, index) => (
              <LanguageRow key={row.language}>
                <Select
                  label={t('settings.profile.language', { n: index + 1 })}
                  value={row.language}
                  onChange={(e) =>
                    setLanguages(
                      languages.map((l, i) =>
                        i === index ? { ...l, language: e.target.value as ProfileLanguage['language'] } : l,
                      ),
                    )
                  }
                  options={[row.language, ...unused].map((code) => ({
                    value: code,
                    label: languageName(code),
                  }))}
                />
                <Select
                  label={t('settings.profile.proficiency', { language: languageName(row.language) })}
                  value={row.proficiency}
                  onChange={(e) =>
                    setLanguages(
                      languages.map((l, i) =>
                        i === index
                          ? { ...l, proficiency: e.target.value as ProfileLanguage['proficiency'] }
                          : l,
                      ),
                    )
                  }
                  options={PROFICIENCIES.map((p) => ({ value: p, label: t(`settings.proficiencies.${p}`) }))}
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setLanguages(languages.filter((_, i) => i !== index))}
                >
                  {t('settings.profile.removeLanguage', { language: languageName(row.language) })}
                </Button>
              </LanguageRow>
            ))}
          </Rows>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={unused.length === 0 || languages.length >= PROFILE_LANGUAGES_MAX}
            onClick={() => {
              const next = unused[0];
              if (next) setLanguages([...languages, { language: next, proficiency: 'intermediate' }]);
            }}
          >
            {t('settings.profile.addLanguage')}
          </Button>
        </fieldset>
      </TitledSection>
      <TitledSection title={t('settings.speaker.title')}>
        <Note>{t('settings.speaker.note')}</Note>
        {speaker ? (
          <>
            <Select
              label={t('settings.speaker.ageRange')}
              value={ageRange}
              onChange={(e) => setAgeRange(e.target.value as typeof ageRange)}
              placeholder={t('settings.speaker.notSaid')}
              options={AGE_RANGES.map((a) => ({ value: a, label: t(`settings.speaker.ageRanges.${a}`) }))}
            />
            <Select
              label={t('settings.speaker.gender')}
              value={gender}
              onChange={(e) => setGender(e.target.value as typeof gender)}
              placeholder={t('settings.speaker.notSaid')}
              options={GENDERS.map((g) => ({ value: g, label: t(`settings.speaker.genders.${g}`) }))}
            />
            <TextField
              label={t('settings.speaker.accent')}
              value={accent}
              onChange={(e) => setAccent(e.target.value)}
              maxLength={ACCENT_MAX_LENGTH}
              hint={t('settings.speaker.accentHint')}
            />
          </>
        ) : (
          <p role="alert">{t('settings.speaker.unavailable')}</p>
        )}
      </TitledSection>
      <Actions>
        <Button type="submit" loading={profileSaving.isLoading || speakerSaving.isLoading}>
          {t('settings.profile.save')}
        </Button>
      </Actions>
    </FormStack>
  );
}
