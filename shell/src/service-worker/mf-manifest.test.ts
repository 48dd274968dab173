/**
 * @jest-environment node
 */
import { ALPHA, remoteBuild } from '../../test/fake-worker';
import {
  contentHashOf,
  entryMatchesManifest,
  parseMfManifest,
  remoteFiles,
  versionKey,
  type MfManifest,
} from './mf-manifest';

const v1 = remoteBuild(ALPHA, { routes: 'aaaaaaaa', lazy: 'bbbbbbbb' });
const v2 = remoteBuild(ALPHA, { routes: 'cccccccc', lazy: 'bbbbbbbb' });
const parsed = (text: string) => parseMfManifest(text)!;

describe("a remote's mf-manifest.json", () => {
  it("lists what a page fetches to run the remote: its entry, its exposed modules' chunks and the files outside them", () => {
    const files = remoteFiles(`${v1.manifestUrl}?__mf_retry=1`, parsed(v1.manifest));
    expect(files.base).toBe(`${ALPHA}/`);
    expect(files.entryUrl).toBe(`${ALPHA}/remoteEntry.js`);
    expect(files.assetUrls.sort()).toEqual(
      [
        `${ALPHA}/__federation_expose_routes.aaaaaaaa.js`,
        `${ALPHA}/12.bbbbbbbb.js`,
        `${ALPHA}/0123456789abcdef0123.js`,
      ].sort(),
    );
  });

  it('finds the files where the runtime does: a public path or an entry folder of the build', () => {
    const manifest = parsed(v1.manifest);
    const elsewhere: MfManifest = {
      ...manifest,
      metaData: {
        publicPath: 'https://cdn.example.org/alpha/v7/',
        remoteEntry: { name: 'remoteEntry.js', path: './js' },
      },
    };
    const files = remoteFiles('https://site.example.org/alpha/mf-manifest.json', elsewhere);
    expect(files.entryUrl).toBe('https://cdn.example.org/alpha/v7/js/remoteEntry.js');
    expect(files.assetUrls).toContain('https://cdn.example.org/alpha/v7/js/12.bbbbbbbb.js');
  });

  it('is refused when the answer is not a manifest (an error page, another JSON)', () => {
    expect(parseMfManifest('<!doctype html><h1>502 Bad Gateway</h1>')).toBeNull();
    expect(parseMfManifest('{"remotes":[]}')).toBeNull();
    expect(
      parseMfManifest(
        JSON.stringify({ metaData: { remoteEntry: { name: 'e.js', path: '' } }, exposes: [{}] }),
      ),
    ).toBeNull();
  });

  it('has a version key of its own per build, the same each time it is read', async () => {
    expect(await versionKey(v1.manifest)).toBe(await versionKey(v1.manifest));
    expect(await versionKey(v1.manifest)).not.toBe(await versionKey(v2.manifest));
    expect(await versionKey(v1.manifest)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("knows a remote entry of another build: one that does not name the manifest's chunks", () => {
    const entryOf = (build: typeof v1) => build.files[`${ALPHA}/remoteEntry.js`]!;
    expect(entryMatchesManifest(entryOf(v1), parsed(v1.manifest))).toBe(true);
    expect(entryMatchesManifest(entryOf(v1), parsed(v2.manifest))).toBe(false);
  });

  it('reads the content hash in a file name, if it has one', () => {
    expect(contentHashOf(`${ALPHA}/587.e29290bf.js`)).toBe('e29290bf');
    expect(contentHashOf(`${ALPHA}/06d3c51765d43a424247.js?x=1`)).toBe('06d3c51765d43a424247');
    expect(contentHashOf(`${ALPHA}/remoteEntry.js`)).toBeUndefined();
    expect(contentHashOf(`${ALPHA}/main.js`)).toBeUndefined();
  });
});
