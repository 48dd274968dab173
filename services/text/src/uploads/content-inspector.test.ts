import { DATASET_UPLOAD_JSON_MAX_DEPTH as JSON_MAX_DEPTH } from '@platform/contracts';
import { ContentInspector, importKindOf } from './content-inspector';

/** Inspects `data` fed in chunks of `size` bytes, as a stream would hand it over. */
async function inspect(data: Buffer | string, size = 3) {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const inspector = new ContentInspector(JSON_MAX_DEPTH);
  for (let at = 0; at < bytes.length; at += size) inspector.write(bytes.subarray(at, at + size));
  return inspector.finish();
}

const dicom = (withMagic: boolean) => {
  const bytes = Buffer.alloc(300, 0);
  if (withMagic) bytes.write('DICM', 128, 'latin1');
  return bytes;
};

describe('ContentInspector', () => {
  it('reads a CSV of sentences, counting its rows after the header', async () => {
    expect(await inspect('text,language,citation\nỌmọ náà ń kàwé,yo,Mine\nA cat sat,en,Mine\n')).toEqual({
      bytes: expect.any(Number),
      kind: 'csv',
      importable: 'sentences',
      rows: 2,
    });
  });

  it('reads English–Yoruba pairs by either naming of the columns', async () => {
    expect(
      (await inspect('English,Yoruba,Category\nGood morning,Ẹ káàárọ̀,conversational\n')).importable,
    ).toBe('text-pairs');
    expect((await inspect('source_lang_text,target_lang_text\nHello,Báwo ni\n')).importable).toBe(
      'text-pairs',
    );
  });

  it('keeps other CSV files as attachments', async () => {
    expect(await inspect('a,b\n1,2\n')).toMatchObject({ kind: 'csv', importable: null, rows: 1 });
    expect(await inspect('text,language,citation\n')).toMatchObject({ kind: 'csv', importable: null });
  });

  it('refuses CSV whose rows do not have the same columns, or whose quotes do not close', async () => {
    expect((await inspect('a,b\n1\n')).kind).toBeNull();
    expect((await inspect('a,b\n"1,2\n')).kind).toBeNull();
  });

  it('reads a JSON array of objects, one element at a time', async () => {
    expect(
      await inspect('[{"english":"Hi","yoruba":"Báwo"},{"english":"Yes","yoruba":"Bẹ́ẹ̀ni"}]'),
    ).toMatchObject({
      kind: 'json',
      importable: 'text-pairs',
      rows: 2,
    });
    expect(await inspect('{"a":[1,2,3]}')).toMatchObject({ kind: 'json', importable: null, rows: 0 });
    expect(await inspect('\ufeff [ {"text":"x","language":"en","citation":"c"} ] \n')).toMatchObject({
      kind: 'json',
      importable: 'sentences',
    });
  });

  it('refuses JSON that does not parse to its end', async () => {
    expect((await inspect('[{"a":1},')).kind).toBeNull();
    expect((await inspect('[1] trailing')).kind).toBeNull();
  });

  it(`refuses JSON nested past ${JSON_MAX_DEPTH} levels at once, whatever follows`, async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    expect(await inspect(nested(JSON_MAX_DEPTH), 7)).toMatchObject({ kind: 'json', rows: 1 });
    expect((await inspect(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`, 7)).kind).toBe('json');
    expect(await inspect(nested(JSON_MAX_DEPTH + 1), 7)).toEqual({
      bytes: 2 * JSON_MAX_DEPTH + 3,
      kind: null,
      importable: null,
      rows: 0,
      refusal: 'upload.json_too_deep',
    });
    // A megabyte of brackets stops at the 65th: the parser never holds more than 64 levels.
    const brackets = await inspect('['.repeat(1024 * 1024), 64 * 1024);
    expect(brackets.refusal).toBe('upload.json_too_deep');
  });

  it('knows DICOM by DICM at byte 128, and binary files as none of the three', async () => {
    expect((await inspect(dicom(true), 50)).kind).toBe('dicom');
    expect((await inspect(dicom(false), 50)).kind).toBeNull();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect((await inspect(png)).kind).toBeNull();
    expect((await inspect(Buffer.from([0xff, 0xfe, 0x41]))).kind).toBeNull();
  });

  it('names the import by columns, whatever their case or order', () => {
    expect(importKindOf([' Citation', 'TEXT', 'language', 'domain'])).toBe('sentences');
    expect(importKindOf(['english'])).toBeNull();
  });
});
