import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dataAccessProblems, handWrittenApiPaths } from './data-access';

describe('dataAccessProblems', () => {
  let src: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(src, file)), { recursive: true });
    writeFileSync(join(src, file), text);
  };
  beforeEach(() => {
    src = mkdtempSync(join(tmpdir(), 'data-access-'));
  });
  afterEach(() => rmSync(src, { recursive: true, force: true }));

  it('accepts collections opened in a store and routes that ask the store', () => {
    write(
      'tasks/store.ts',
      "import type { Db } from 'mongodb';\nexport const tasks = (db: Db) => db.collection('tasks');\n",
    );
    write(
      'routes/api/tasks.ts',
      "import { taskStore } from '../../tasks/store';\n// not db.collection('x') here\n",
    );
    write('tasks/view.test.ts', "db.collection('tasks');\n");
    expect(dataAccessProblems(src)).toEqual([]);
  });

  it('names each collection opened elsewhere and each route that reaches the database', () => {
    write('collections.ts', "export const all = (db) => ({ a: db.collection<A>('a') });\n");
    write(
      'routes/api/tasks.ts',
      "import { ObjectId } from 'mongodb';\nconst db = databaseOf(app);\nconst n = app.database!.db;\n",
    );
    expect(dataAccessProblems(src)).toEqual([
      'collections.ts:1: opens a collection outside a store.ts',
      "routes/api/tasks.ts:1: imports from 'mongodb' (queries belong in a store)",
      'routes/api/tasks.ts:2: reaches the database with databaseOf (ask a store)',
      'routes/api/tasks.ts:3: reaches app.database (ask a store)',
    ]);
  });
});

describe('handWrittenApiPaths', () => {
  it('names each line of code that writes a platform path, not comments or other strings', () => {
    const src = mkdtempSync(join(tmpdir(), 'api-paths-'));
    try {
      writeFileSync(
        join(src, 'a.ts'),
        "const ok = '/data/downloads';\n// see '/api/x'\nconst bad = `/api/recordings/${id}`;\nreply.redirect('/auth/signin');\n",
      );
      expect(handWrittenApiPaths(src)).toEqual([
        'a.ts: const bad = `/api/recordings/${id}`;',
        "a.ts: reply.redirect('/auth/signin');",
      ]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
