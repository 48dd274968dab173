import { ObjectId } from 'mongodb';
import { SERVICE_IDENTITIES } from '@platform/contracts';
import { multipart, signedAs } from '@platform/service-kit/testing';
import { datasetUploads } from '../src/uploads/store';
import { useTextService } from './support/harness';

const ada = signedAs({ id: 'ada', role: 'contributor', name: 'Ada Obi' });
const bayo = signedAs({ id: 'bayo', role: 'contributor', name: 'Bayo Ade' });
const gateway = signedAs(SERVICE_IDENTITIES.gateway);

describe('text service: a person’s stored bytes, for the storage quota', () => {
  const service = useTextService('storage');

  const upload = async (who: Record<string, string>, data: string) => {
    const body = multipart([
      { name: 'type', value: 'csv' },
      { name: 'description', value: 'Notes' },
      { name: 'file', filename: 'notes.csv', data: Buffer.from(data) },
    ]);
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...who, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
  };
  const storedBytes = (id: string, headers = gateway) =>
    service.app.inject({ url: `/internal/users/${id}/text-storage`, headers });

  it('sums the bytes of the person’s stored uploads, not of failed ones or anyone else’s', async () => {
    expect((await storedBytes('ada')).json()).toEqual({ bytes: 0 });
    await upload(ada, 'text,language\nA child reads.,en\n');
    await upload(ada, 'text,language\nThe market opens early.,en\n');
    await upload(bayo, 'text,language\nSomeone else’s line.,en\n');
    // A failed upload's file was removed: its bytes no longer count.
    await datasetUploads(service.app.database!.db).insertOne({
      _id: new ObjectId(),
      fileId: new ObjectId(),
      fileName: 'cut.csv',
      type: 'csv',
      description: 'Cut off',
      status: 'failed',
      bytes: 999_999,
      importable: null,
      rows: 0,
      import: null,
      quality: null,
      ownerId: 'ada',
      uploadedBy: 'Ada Obi',
      uploadDate: new Date(),
    });
    const expected =
      Buffer.byteLength('text,language\nA child reads.,en\n') +
      Buffer.byteLength('text,language\nThe market opens early.,en\n');
    expect((await storedBytes('ada')).json()).toEqual({ bytes: expected });
  });

  it('answers platform services only', async () => {
    const res = await storedBytes('ada', ada);
    expect(res.statusCode).toBe(403);
  });
});
