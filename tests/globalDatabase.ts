/**
 * vitest global setup: the template every test file's database starts from (tests/database.ts), built once per run.
 * Embedded: a PGlite with the migrations applied, dumped to a tar. On a server (`DATABASE_URL`): a template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../server/db';
import { databaseUrl, type TemplateRef } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateRef;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // A template of this run's own: runs side by side on one server (two checkouts, two CI jobs) keep theirs.
    const database = `campus_test_template_${process.pid}`;
    const admin = await openPostgres(url);
    await admin.exec(`drop database if exists "${database}" with (force)`);
    await admin.exec(`create database "${database}"`);
    await admin.close();
    const engine = await openPostgres(databaseUrl(url, database));
    await migrate(engine);
    await engine.close();
    project.provide('dbTemplate', { kind: 'postgres', url, database });
    return async () => {
      const again = await openPostgres(url);
      await again.exec(`drop database if exists "${database}" with (force)`);
      await again.close();
    };
  }
  const engine = await openPglite({ dir: 'memory://' });
  await migrate(engine);
  const tar = await engine.dumpDataDir!();
  await engine.close();
  const file = path.join(os.tmpdir(), `campus-db-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => fs.rmSync(file, { force: true });
}
