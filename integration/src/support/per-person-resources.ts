// One person's things, made through the gateway as their browser makes them (a dataset upload, an upload under
// way, a voice donation, an API token, a project with a task, a download), beside things everybody works on (a
// written sentence, a text pair, a recording), so an authorization test can address each by its real id as
// its owner and as somebody else.
import { ObjectId, type Db } from 'mongodb';
import type { Identity, Role } from '@platform/contracts';
import { multipart, type MultipartPart } from '@platform/service-kit/testing';
import { signedInAs } from '@platform/gateway/testing';
import { addSentences, chromiumWebm, wav } from '@platform/speech-service/testing';
import type { BehindGateway } from './behind-gateway';

export interface Person {
  role: Role;
  cookie: string;
  identity: Identity;
}

/** A verified account of `role` with a session of its own, in the gateway's database. */
export async function person(platform: BehindGateway, role: Role): Promise<Person> {
  return { role, ...(await signedInAs(platform.gateway, role)) };
}

/** The ids of what the owners made, by what they name. */
export interface Resources {
  /** A sentence the contributor wrote (waiting for review, in the text service). */
  writtenSentence: string;
  /** A sentence offered on Speak (the speech service's copy), which the contributor recorded. */
  speakSentence: string;
  /** An approved text pair offered on Donate, which the contributor donated a voice for. */
  textPair: string;
  /** A text pair the contributor added (waiting for review). */
  addedTextPair: string;
  recording: string;
  recordingFile: string;
  /** The contributor's voice donation (an audio pair) and one of its two files. */
  audioPair: string;
  audioPairFile: string;
  datasetUpload: string;
  /** Two uploads under way (a donation names one for each side). */
  resumableUpload: string;
  secondResumableUpload: string;
  /** The researcher's API token. */
  token: string;
  /** The researcher's download of a release. */
  download: string;
  /** The manager's project, with the contributor as a member, and its task assigned to the contributor. */
  project: string;
  task: string;
  /** The notifications addressed to the contributor (the task's assignment, say). */
  notifications: string[];
}

export interface Owners {
  contributor: Person;
  researcher: Person;
  manager: Person;
}

async function send(
  base: string,
  who: Person,
  method: string,
  path: string,
  body?: unknown,
  parts?: MultipartPart[],
): Promise<Record<string, unknown>> {
  let headers: Record<string, string> = { cookie: who.cookie };
  let payload: Uint8Array<ArrayBuffer> | undefined;
  if (parts) {
    const form = multipart(parts);
    headers = { ...headers, ...form.headers };
    payload = Uint8Array.from(form.payload);
  } else if (body !== undefined) {
    headers = { ...headers, 'content-type': 'application/json' };
    payload = new TextEncoder().encode(JSON.stringify(body));
  }
  const res = await fetch(`${base}${path}`, { method, headers, ...(payload ? { body: payload } : {}) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} as the ${who.role}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const idOf = (answer: Record<string, unknown>, key = 'id'): string => {
  const value = answer[key];
  if (typeof value !== 'string') throw new Error(`no ${key} in ${JSON.stringify(answer)}`);
  return value;
};

/** Makes each owner's things; what the API cannot make alone (a published release) is written as services keep it. */
export async function makeResources(platform: BehindGateway, owners: Owners): Promise<Resources> {
  const { base, speech } = platform;
  const { contributor, researcher, manager } = owners;

  const writtenSentence = idOf(
    await send(base, contributor, 'POST', '/api/sentences', {
      text: 'The children walk to school together.',
      citation: 'Written for a test.',
      domain: [],
      lang: 'en',
      cc0Confirmed: true,
    }),
  );
  const addedTextPair = idOf(
    await send(base, contributor, 'POST', '/api/text/add', {
      source_lang_text: 'Good morning, mother.',
      target_lang_text: 'Ẹ káàárọ̀, màmá.',
      text_category: 'conversational',
    }),
    'text_id',
  );

  const [speakSentence] = await addSentences(speech.col, 'en', ['A sentence to read aloud.']);
  const recorded = await send(base, contributor, 'POST', '/api/recordings', undefined, [
    { name: 'sentenceId', value: speakSentence! },
    { name: 'audio', filename: 'take.webm', data: chromiumWebm('speech'), type: 'audio/webm' },
  ]);
  const recording = idOf(recorded);

  const textPair = new ObjectId().toHexString();
  await speech.col.textPairs.insertOne({
    _id: textPair,
    source_lang_text: 'The market opens at dawn.',
    target_lang_text: 'Ọjà máa ń ṣí ní àfẹ̀mọ́jú.',
    text_category: 'conversational',
    approved: true,
    donations: 0,
    rand: Math.random(),
    seq: 1,
  });
  await speech.stores.audioPairs.countApprovedTextPairs(1);
  const donated = await send(base, contributor, 'POST', '/api/audio/upload', undefined, [
    { name: 'text_id', value: textPair },
    { name: 'user_dialect', value: 'standard-yoruba' },
    {
      name: 'source_audio_file',
      filename: 'en.wav',
      data: wav({ seconds: 2, frequency: 330 }),
      type: 'audio/wav',
    },
    {
      name: 'target_audio_file',
      filename: 'yo.wav',
      data: wav({ seconds: 2, frequency: 550 }),
      type: 'audio/wav',
    },
  ]);
  const audioPair = idOf(donated, 'audio_id');

  const datasetUpload = idOf(
    await send(base, contributor, 'POST', '/api/uploads', undefined, [
      { name: 'type', value: 'csv' },
      { name: 'description', value: 'Sentences from my notebook' },
      {
        name: 'file',
        filename: 'notebook.csv',
        data: Buffer.from('text,language,citation\nA cat sat.,en,Mine\n'),
        type: 'text/csv',
      },
    ]),
  );
  const beginUpload = async () =>
    idOf(
      await send(base, contributor, 'POST', '/api/resumable-uploads', {
        purpose: 'audio-pair-file',
        size: 4096,
      }),
    );
  const resumableUpload = await beginUpload();
  const secondResumableUpload = await beginUpload();

  const token = idOf(
    (await send(base, researcher, 'POST', '/api/tokens', { name: 'My scripts' })).token as never,
  );
  const download = await addDownload(speech.app.database!.db, researcher.identity.id);

  const project = idOf(
    await send(base, manager, 'POST', '/api/projects', {
      name: 'Market words',
      client: 'A university',
      languages: ['yo'],
      startDate: '2026-01-01',
      dueDate: '2026-12-31',
      targets: [{ kind: 'recordings', count: 10 }],
      memberIds: [contributor.identity.id],
    }),
  );
  const task = idOf(
    await send(base, manager, 'POST', '/api/tasks', {
      projectId: project,
      description: 'Record the market words',
      assigneeId: contributor.identity.id,
      priority: 'high',
      dueDate: '2026-12-31',
    }),
  );
  const inbox = await send(base, contributor, 'GET', '/api/notifications');
  const notifications = ((inbox.items ?? []) as Array<{ id: string }>).map((n) => n.id);

  return {
    writtenSentence,
    speakSentence: speakSentence!,
    textPair,
    addedTextPair,
    recording,
    recordingFile: `${recording}.webm`,
    audioPair,
    audioPairFile: `${audioPair}-source.wav`,
    datasetUpload,
    resumableUpload,
    secondResumableUpload,
    token,
    download,
    project,
    task,
    notifications,
  };
}

/**
 * A download of a release as the speech service records one (the release itself is not needed for who may
 * fetch it: a download is its researcher's).
 */
async function addDownload(db: Db, userId: string): Promise<string> {
  const _id = new ObjectId();
  const now = new Date();
  await db.collection('downloads').insertOne({
    _id,
    userId,
    datasetId: new ObjectId().toHexString(),
    datasetName: 'Yoruba speech',
    releaseId: new ObjectId(),
    version: 1,
    artifact: 'complete.zip',
    bytes: 1024,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 24 * 3600_000),
  });
  return _id.toHexString();
}
