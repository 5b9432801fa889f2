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

/**
 * A feature folder made on the fly under `parent`, with one file, and the
 * ESLint configuration read again now that it exists (as ESLint loads it on its
 * next start): whether a folder made today is fenced today.
 */
async function withProbeFolder(
  parent: string,
  file: string,
  check: (probe: {
    feature: string;
    config: { serverFeatures(): string[]; SERVER_PLATFORM: readonly string[] };
    ruleIdsOf(source: string, filePath: string): Promise<string[]>;
  }) => Promise<void>,
): Promise<void> {
  const feature = `fence-probe-${process.pid}`;
  const folder = path.join(parent, feature);
  mkdirSync(folder);
  try {
    writeFileSync(path.join(folder, file), 'export const probe = 1;\n');
    const config = await import(`${pathToFileURL(path.resolve('eslint.config.js')).href}?probe=${parent}/${feature}`);
    const fresh = new ESLint({ overrideConfigFile: true, overrideConfig: config.default });
    const ruleIdsOf = async (source: string, filePath: string) => {
      const [result] = await fresh.lintText(source, { filePath });
      return result!.messages.map((message) => message.ruleId ?? '');
    };
    await check({ feature, config, ruleIdsOf });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
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

describe('the fence between web features', () => {
  it.each([
    ['src/web/features/links/example.ts', "import { AdminPage } from '#web/features/admin/admin-page.tsx';\nexport const x = AdminPage;\n"],
    ['src/web/features/links/example.ts', "import { AdminPage } from '../admin/admin-page.tsx';\nexport const x = AdminPage;\n"],
    [
      'src/web/features/analytics/example.ts',
      "import { DashboardPage } from '#web/features/dashboard/dashboard-page.tsx';\nexport const x = DashboardPage;\n",
    ],
    ['src/web/lib/example.ts', "import { useLinks } from '#web/features/links/use-links.ts';\nexport const x = useLinks;\n"],
    ['src/web/components/ui/example.tsx', "import { useLinks } from '../../features/links/use-links.ts';\nexport const x = useLinks;\n"],
  ])('refuses %s importing %j', async (filePath, source) => {
    expect(await restrictedImportErrors(filePath, source)).toHaveLength(1);
  });

  it.each([
    [
      'src/web/features/dashboard/example.ts',
      "import { LinksTab } from '#web/features/links/links-tab.tsx';\nexport const x = LinksTab;\n",
    ],
    ['src/web/features/links/example.ts', "import { LinkCard } from './link-card.tsx';\nexport const x = LinkCard;\n"],
    ['src/web/features/links/example.ts', "import { api } from '#web/lib/api.ts';\nexport const x = api;\n"],
  ])('lets %s import %j', async (filePath, source) => {
    expect(await restrictedImportErrors(filePath, source)).toHaveLength(0);
  });

  it('lists its exceptions one way, between folders that exist', async () => {
    const { WEB_FEATURE_EXCEPTIONS, webFeatures } = (await import(pathToFileURL(path.resolve('eslint.config.js')).href)) as {
      WEB_FEATURE_EXCEPTIONS: Array<[string, string]>;
      webFeatures(): string[];
    };
    const folders = webFeatures();
    const pairs = new Set(WEB_FEATURE_EXCEPTIONS.map(([from, to]) => `${from}→${to}`));
    for (const [from, to] of WEB_FEATURE_EXCEPTIONS) {
      expect(folders, from).toContain(from);
      expect(folders, to).toContain(to);
      expect(pairs.has(`${to}→${from}`), `${from} ⇄ ${to}`).toBe(false);
    }
  });

  it('fences a web feature folder made today', async () => {
    await withProbeFolder('src/web/features', 'probe.ts', async ({ feature, ruleIdsOf }) => {
      const source = "import { useLinks } from '../links/use-links.ts';\nexport const x = useLinks;\n";
      expect(await ruleIdsOf(source, `src/web/features/${feature}/example.ts`)).toContain('no-restricted-imports');
    });
  });
});

describe('one way to change something (decision 025)', () => {
  const formRuleErrors = async (filePath: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath });
    return result!.messages
      .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
      .map((message) => message.message);
  };

  it('keeps useMutation out of the web app, and api() out of its components', async () => {
    const component = await formRuleErrors(
      'src/web/features/links/probe.tsx',
      "import { api } from '#web/lib/api.ts';\nimport { useMutation } from '@tanstack/react-query';\nexport const probe = [api, useMutation];\n",
    );
    expect(component).toEqual([expect.stringContaining('calls no api()'), expect.stringContaining('useApiMutation')]);
    const dataModule = await formRuleErrors(
      'src/web/features/links/probe.ts',
      "import { api } from '#web/lib/api.ts';\nimport { useMutation } from '@tanstack/react-query';\nexport const probe = [api, useMutation];\n",
    );
    expect(dataModule).toEqual([expect.stringContaining('useApiMutation')]);
  });
});

describe('handlers, services and repositories (issue 50)', () => {
  const restrictedImports = async (filePath: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  };

  it('keeps repositories out of route files, their own feature’s and others', async () => {
    for (const source of [
      "import { findUserById } from './links.repository.ts';\nexport const probe = findUserById;\n",
      "import { findUserById } from '../users/users.repository.ts';\nexport const probe = findUserById;\n",
    ]) {
      expect(await restrictedImports('src/server/links/probe.routes.ts', source)).toEqual([
        expect.stringContaining('repositories are for services'),
      ]);
    }
    // A service may read its repository.
    const service = "import { listLinksOfUser } from './links.repository.ts';\nexport const probe = listLinksOfUser;\n";
    expect(await restrictedImports('src/server/links/probe.service.ts', service)).toEqual([]);
  });

  it('keeps one feature out of another’s files: it reaches the other through services.ts', async () => {
    for (const source of [
      "import { totalViewsOf } from '../analytics/analytics.repository.ts';\nexport const probe = totalViewsOf;\n",
      "import { totalViewsOfPage } from '../analytics/analytics.service.ts';\nexport const probe = totalViewsOfPage;\n",
      "import type { EventRecorder } from '../analytics/event-recorder.ts';\nexport type Probe = EventRecorder;\n",
    ]) {
      expect(await restrictedImports('src/server/public-page/probe.service.ts', source)).toEqual([
        expect.stringContaining('never its files'),
      ]);
    }
    const lent = "import type { Services } from '../services.ts';\nexport type Probe = Services['pageReaders'];\n";
    expect(await restrictedImports('src/server/public-page/probe.service.ts', lent)).toEqual([]);
    // The platform (the accounts, the journals, the files, the page's frame) is every feature's.
    const platform = "import { findUserById } from '../users/users.repository.ts';\nexport const probe = findUserById;\n";
    expect(await restrictedImports('src/server/public-page/probe.service.ts', platform)).toEqual([]);
  });

  it('holds a platform folder’s route file to both fences', async () => {
    const feature = "import { itemsOfPage } from '../links/links.service.ts';\nexport const probe = itemsOfPage;\n";
    expect(await restrictedImports('src/server/media/probe.routes.ts', feature)).toEqual([expect.stringContaining('use none')]);
    const repository = "import { findMediaById } from './media.repository.ts';\nexport const probe = findMediaById;\n";
    expect(await restrictedImports('src/server/media/probe.routes.ts', repository)).toEqual([
      expect.stringContaining('repositories are for services'),
    ]);
  });
});

describe('SQL (issue 50 §3)', () => {
  it('lives only in repositories (and the database layer)', () => {
    const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;
    const outside = sourceFiles('src/server').filter(
      (file) => !file.endsWith('.repository.ts') && serverFolderOf(file) !== 'db' && query.test(readFileSync(file, 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});

describe('the fence around the server platform', () => {
  it('is built from the folder list: a feature folder made today is fenced today', async () => {
    await withProbeFolder('src/server', 'probe.service.ts', async ({ feature, config, ruleIdsOf }) => {
      expect(config.serverFeatures()).toContain(feature);
      const source = `import { probe } from '../${feature}/probe.service.ts';\nexport const x = probe;\n`;
      // Every platform folder: the database, HTTP, the accounts, the journals, the files and their worker, mail, the page's frame.
      expect(config.SERVER_PLATFORM).toEqual(expect.arrayContaining(['db', 'http', 'journal', 'mail', 'media', 'page-drawing', 'users']));
      for (const platform of config.SERVER_PLATFORM) {
        expect(await ruleIdsOf(source, `src/server/${platform}/example.ts`)).toContain('no-restricted-imports');
      }
      // A feature may not use it either: features reach each other through services.ts.
      expect(await ruleIdsOf(source, 'src/server/links/example.ts')).toContain('no-restricted-imports');
      expect(await ruleIdsOf(source.replace('../', './'), 'src/server/services.ts')).not.toContain('no-restricted-imports');
    });
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

  it('hold no file-level import loop, type imports included (issue 50 §3)', () => {
    const edges = new Map<string, string[]>();
    for (const file of sourceFiles('src/server')) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      edges.set(
        path.normalize(file),
        importedFiles
          .filter(({ fileName }) => fileName.startsWith('.'))
          .map(({ fileName }) => path.normalize(path.join(path.dirname(file), fileName))),
      );
    }
    expect(edges.size).toBeGreaterThan(100);
    const done = new Set<string>();
    const visit = (file: string, trail: string[]): void => {
      if (trail.includes(file)) throw new Error(`import loop: ${[...trail.slice(trail.indexOf(file)), file].join(' → ')}`);
      if (done.has(file) || !edges.has(file)) return;
      for (const next of edges.get(file)!) visit(next, [...trail, file]);
      done.add(file);
    };
    for (const file of edges.keys()) visit(file, []);
  });
});
