import { sameOriginAxe } from './axe';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { defaultContent } from '../../lib/content/defaults';
import type { SiteContent } from '../../lib/content/schema';
import { CONTENT_VERSION } from '../../lib/content/document';
import { freePort, migrate, startExpectingFailure, startServer, tempDatabasePath } from './server';

function editStoredContent(databasePath: string, edit: (row: { schema_version: number; document: SiteContent }) => void) {
  const sqlite = new Database(databasePath);
  const row = sqlite.prepare('SELECT schema_version, document FROM site_content WHERE id = ?').get('site') as {
    schema_version: number;
    document: string;
  };
  const doc = { schema_version: row.schema_version, document: JSON.parse(row.document) as SiteContent };
  edit(doc);
  sqlite
    .prepare('UPDATE site_content SET schema_version = ?, document = ? WHERE id = ?')
    .run(doc.schema_version, JSON.stringify(doc.document), 'site');
  sqlite.close();
}

test('a fresh start serves the default hero from the database and reports itself healthy', async ({ page, request }) => {
  const server = await startServer();
  try {
    const ready = await request.get(`${server.url}/api/ready`);
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current', outbox: 'running' });
    // Test servers hash passwords cheaply (tests/support/production-server.ts), and say so.
    expect(server.output()).toContain('"event":"auth.weak_password_hashing","log2N":12');

    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build Your Dream Home with Construction Loan Experts');
    await expect(page).toHaveTitle(defaultContent.meta.home.title);
    for (const feature of defaultContent.hero.features) await expect(page.getByText(feature, { exact: true })).toBeVisible();
    await expect(page.getByText('40 Years Experience')).toBeVisible();
    await expect(page.getByRole('img', { name: defaultContent.hero.imageAlt })).toBeVisible();

    const { violations } = await sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  } finally {
    await server.stop();
  }
});

test('content changed in the database after the build is what the first visitor sees', async ({ page }) => {
  const db = tempDatabasePath();
  migrate(db.path);
  editStoredContent(db.path, ({ document }) => {
    document.hero.title = 'Edited <em>after</em> the build<script>alert(1)</script>';
  });
  const server = await startServer({ databasePath: db.path });
  try {
    const first = await fetch(server.url);
    const html = await first.text();
    expect(html).toContain('Edited <em>after</em> the build');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('Build Your Dream Home');

    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited after the build');
  } finally {
    await server.stop();
    db.cleanup();
  }
});

test('a content document of an unknown version stops the start with a clear error', async () => {
  const db = tempDatabasePath();
  migrate(db.path);
  editStoredContent(db.path, (row) => {
    row.schema_version = 99;
  });
  try {
    const { code, output } = await startExpectingFailure({ PORT: String(await freePort()), DATABASE_URL: `file:${db.path}` });
    expect(code).toBe(1);
    expect(output).toContain(
      `Site content is stored as version 99, but this release understands versions 1 to ${CONTENT_VERSION}.`,
    );
  } finally {
    db.cleanup();
  }
});

test('a malformed PORT or DATABASE_URL stops the start naming the variable', async () => {
  const port = await startExpectingFailure({ PORT: 'eighty' });
  expect(port.code).toBe(1);
  expect(port.output).toContain('PORT: must be a whole number between 1 and 65535');

  const database = await startExpectingFailure({ DATABASE_URL: 'mysql://localhost/site' });
  expect(database.code).toBe(1);
  expect(database.output).toContain('DATABASE_URL: must be file:PATH (SQLite) or postgres://');
});
