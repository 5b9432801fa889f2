import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The tree's shape (DESIGN.md "Layout", decision 005): which folder may import
// which is enforced by ESLint, and the server's folders form no cycle.

const eslint = new ESLint();

async function restrictedImportErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import direction', () => {
  it.each([
    ['src/shared/example.ts', "import { buildApp } from '#server/app.ts';\nexport const x = buildApp;\n"],
    ['src/shared/example.ts', "import { api } from '../web/lib/api.ts';\nexport const x = api;\n"],
    ['src/shared/example.ts', "import { ProfileView } from '#profile/profile-view.tsx';\nexport const x = ProfileView;\n"],
    ['src/web/features/example.ts', "import { loadConfig } from '#server/config.ts';\nexport const x = loadConfig;\n"],
    ['src/web/features/example.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n"],
    ['src/profile/example.ts', "import { api } from '#web/lib/api.ts';\nexport const x = api;\n"],
    ['src/server/http/example.ts', "import { toLink } from '../links/links.service.ts';\nexport const x = toLink;\n"],
    ['src/server/db/example.ts', "import { EventRecorder } from '../analytics/event-recorder.ts';\nexport const x = EventRecorder;\n"],
    ['src/server/config.ts', "import type { SingleSignOn } from './auth/single-sign-on.ts';\nexport type X = SingleSignOn;\n"],
  ])('refuses %s importing %j', async (filePath, source) => {
    expect(await restrictedImportErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    ['src/web/features/example.ts', "import { linkSchema } from '#shared/links.ts';\nexport const x = linkSchema;\n"],
    ['src/profile/example.ts', "import { linkBackground } from '#shared/links.ts';\nexport const x = linkBackground;\n"],
    ['src/server/links/example.ts', "import { AppError } from '../http/errors.ts';\nexport const x = AppError;\n"],
  ])('lets %s import %j', async (filePath, source) => {
    expect(await restrictedImportErrors(filePath, source)).toHaveLength(0);
  });
});

describe('the fence around the server platform', () => {
  it('is built from the folder list: a feature folder made today is fenced today', async () => {
    const feature = `fence-probe-${process.pid}`;
    const folder = path.join('src/server', feature);
    mkdirSync(folder);
    try {
      writeFileSync(path.join(folder, 'probe.service.ts'), 'export const probe = 1;\n');
      // The configuration as ESLint loads it on its next start, read again now that the folder exists.
      const config = await import(`${pathToFileURL(path.resolve('eslint.config.js')).href}?probe=${feature}`);
      expect(config.serverFeatures()).toContain(feature);
      const fresh = new ESLint({ overrideConfigFile: true, overrideConfig: config.default });
      const source = `import { probe } from '../${feature}/probe.service.ts';\nexport const x = probe;\n`;
      for (const platform of ['src/server/http/example.ts', 'src/server/db/example.ts']) {
        const [result] = await fresh.lintText(source, { filePath: platform });
        expect(result!.messages.map((message) => message.ruleId)).toContain('no-restricted-imports');
      }
      const [fromFeature] = await fresh.lintText(source, { filePath: 'src/server/links/example.ts' });
      expect(fromFeature!.messages.map((message) => message.ruleId)).not.toContain('no-restricted-imports');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** Every .ts/.tsx file under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** The folder right under src/server that a file belongs to ('' for app.ts, main.ts, config.ts). */
function serverFolderOf(file: string): string {
  const relative = path.relative('src/server', file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0]! : '';
}

describe('the server folders', () => {
  it('import each other without a cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles('src/server')) {
      const from = serverFolderOf(file);
      if (!from || from === 'db') continue;
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const to = serverFolderOf(path.join(path.dirname(file), fileName));
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(edges.size).toBeGreaterThan(5);
    // Depth-first search for a back edge; the path names the cycle if there is one.
    const done = new Set<string>();
    const visit = (folder: string, trail: string[]): void => {
      if (trail.includes(folder)) throw new Error(`import cycle: ${[...trail, folder].join(' → ')}`);
      if (done.has(folder)) return;
      for (const next of edges.get(folder) ?? []) visit(next, [...trail, folder]);
      done.add(folder);
    };
    for (const folder of edges.keys()) visit(folder, []);
  });
});
