import { parseDockerfile, instructionsOf } from './support/dockerfile';
import { dockerfilePath, imageFacts } from './support/dockerfile-rules';
import { readRepoFile, remoteCatalog, shellCacheRules } from './support/repo';

const nginx = readRepoFile('deploy/docker/static/nginx.conf');
const dockerfile = readRepoFile(dockerfilePath('static'));

/** nginx's decision for one path, read from the configuration as nginx would apply it to these locations. */
function cacheControlFromNginx(path: string) {
  const location =
    /location ~\* "([^"]+)" \{\s*add_header Access-Control-Allow-Origin "\*" always;\s*add_header Cache-Control "([^"]+)" always;/.exec(
      nginx,
    );
  const fallback = /location \/ \{[^}]*?add_header Cache-Control "([^"]+)" always;/.exec(nginx);
  if (!location || !fallback)
    throw new Error('nginx.conf no longer has the hashed-file location inside location /');
  return new RegExp(location[1]!, 'i').test(path) ? location[2]! : fallback[1]!;
}

describe('the static image', () => {
  it("holds each remote of the catalogue in a folder named by its key, from that remote's build", () => {
    const stages = parseDockerfile(dockerfile);
    const copies = instructionsOf(stages[stages.length - 1]!, 'COPY')
      .filter((copy) => copy.flags.from === 'build')
      .map((copy) => [copy.args[0], copy.args[1]]);
    expect(copies).toEqual(
      remoteCatalog.map((remote) => [`/app/mf-${remote.key}/dist`, `/usr/share/nginx/html/${remote.key}`]),
    );
  });

  it("caches files as the gateway caches the shell's: content-hashed for a year, the rest revalidated", () => {
    const gateway = shellCacheRules();
    // The rule itself is the gateway's, character for character (nginx's ~* is the /i flag).
    expect(nginx).toContain(`location ~* "${gateway.hashedAsset.source}"`);
    expect(gateway.hashedAsset.flags).toBe('i');
    for (const path of [
      '/auth/remoteEntry.js',
      '/auth/mf-manifest.json',
      '/auth/mf-manifest-stats.json',
      '/auth/537.766f5e4d.js',
      '/auth/__federation_expose_routes.22b30a7b.js',
      '/auth/537.766f5e4d.js.map',
      '/contribute/audio-worklet.js',
    ]) {
      const expected = gateway.hashedAsset.test(path) ? gateway.immutable : gateway.noCache;
      expect([path, cacheControlFromNginx(path)]).toEqual([path, expected]);
    }
    expect(cacheControlFromNginx('/auth/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFromNginx('/auth/537.766f5e4d.js')).toBe('public, max-age=31536000, immutable');
  });

  it('listens where it says, answers /readyz there, and lets the shell read it from another origin', () => {
    const facts = imageFacts(dockerfile);
    expect(nginx).toMatch(new RegExp(`listen ${facts.exposed[0]};`));
    expect(facts.exposed).toEqual([8080]);
    expect(nginx).toMatch(/location = \/readyz \{[^}]*return 200/);
    expect(nginx).toMatch(/location \/ \{\s*(#.*\s*)*add_header Access-Control-Allow-Origin "\*" always;/);
  });
});
