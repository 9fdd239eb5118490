/**
 * The tests' databases (docs/DEVELOPING.md "Data"). `npm test` builds a template once (tests/globalDatabase.ts:
 * migrations applied; the seed is still written by mock/db.ts) and every test file opens its own database from it:
 *   - embedded (default): a PGlite in memory loaded from the template's files (a tar in the system's temp folder);
 *   - `DATABASE_URL` set: a PostgreSQL database of its own, `CREATE DATABASE … TEMPLATE` the template database,
 *     dropped when the file ends.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { openPglite, openPostgres, type Engine } from '../server/db';

export type TemplateRef = { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; database: string };

/** The URL of another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * PGlite reads its files through the global Blob and File; in a jsdom test file those are jsdom's, which lack
 * `arrayBuffer`. Node's own are put back while it opens (nothing else runs in that file meanwhile).
 */
async function withNodeBlobs<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as { Blob: unknown; File: unknown };
  const saved = { Blob: g.Blob, File: g.File };
  g.Blob = NodeBlob;
  g.File = NodeFile;
  try {
    return await fn();
  } finally {
    g.Blob = saved.Blob;
    g.File = saved.File;
  }
}

/** Opens this test file's own database from the template. */
export async function openTestDatabase(template: TemplateRef): Promise<Engine> {
  if (template.kind === 'pglite') {
    const tar = new NodeBlob([fs.readFileSync(template.file)]) as unknown as Blob;
    return withNodeBlobs(() => openPglite({ dir: 'memory://', loadDataDir: tar }));
  }
  const name = `campus_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(template.url);
  await admin.exec(`create database "${name}" template "${template.database}"`);
  await admin.close();
  const engine = await openPostgres(databaseUrl(template.url, name));
  return {
    ...engine,
    close: async () => {
      await engine.close();
      const again = await openPostgres(template.url);
      try {
        await dropDatabase(again, name);
      } finally {
        await again.close();
      }
    },
  };
}

/**
 * Drops a test's database once its own connections are closed. A plain drop stops the server's autovacuum workers in it
 * itself; `with (force)` would refuse to (the test role may not signal them: "must be a member of the role whose
 * process is being terminated"), so it is only the last try, for a connection of the test's own left open.
 */
async function dropDatabase(admin: Engine, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.exec(`drop database if exists "${name}"`);
      return;
    } catch {
      if (attempt >= 5) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await admin.exec(`drop database if exists "${name}" with (force)`);
}
