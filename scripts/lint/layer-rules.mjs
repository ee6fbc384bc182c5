import path from 'node:path';

/**
 * The layer rules CONTRIBUTING.md states, as ESLint rules (plugin `layers` in eslint.config.mjs).
 * They read import statements only: what a file imports directly, not what its imports import.
 */

/** `import type …` and `import { type A, type B }` bring nothing into the running code. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** Calls `check(node, source)` for every import or re-export that reaches running code. */
function eachValueImport(check) {
  const visit = (node) => {
    if (node.source && !typeOnly(node)) check(node, node.source.value);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
}

/** `@/server/x`, or a relative path from the file, as a path from the repository's root. */
function fromRoot(source, filename, cwd) {
  if (source.startsWith('@/')) return source.slice(2);
  if (source.startsWith('.'))
    return path
      .relative(cwd, path.resolve(path.dirname(filename), source))
      .split(path.sep)
      .join('/');
  return null;
}

const noRoleChecksInRouters = {
  meta: {
    type: 'problem',
    docs: { description: 'tRPC routers never import role checks: authorization that depends on the role lives in the service' },
    schema: [{ type: 'object', properties: { modules: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      roleCheck: "'{{source}}' checks a member's role: call a service that checks it (CONTRIBUTING.md, Layer rules).",
    },
  },
  create(context) {
    const patterns = (context.options[0]?.modules ?? []).map((pattern) => new RegExp(pattern));
    return eachValueImport((node, source) => {
      const target = fromRoot(source, context.filename, context.cwd) ?? source;
      if (patterns.some((pattern) => pattern.test(target))) context.report({ node, messageId: 'roleCheck', data: { source } });
    });
  },
};

const clientImportsBrowserSafe = {
  meta: {
    type: 'problem',
    docs: { description: "client components ('use client') import only browser-safe modules" },
    schema: [
      {
        type: 'object',
        properties: {
          browserSafe: { type: 'object', additionalProperties: { type: 'string' } },
          serverPackages: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      server:
        "A client component imports '{{source}}', which is not browser-safe: import types only, or list a pure module as browserSafe with the reason.",
    },
  },
  create(context) {
    const browserSafe = new Set(Object.keys(context.options[0]?.browserSafe ?? {}));
    const serverPackages = context.options[0]?.serverPackages ?? [];
    const isClient = (program) => program.body.some((statement) => statement.directive === 'use client');
    let client = false;
    return {
      Program(program) {
        client = isClient(program);
      },
      ...eachValueImport((node, source) => {
        if (!client) return;
        const target = fromRoot(source, context.filename, context.cwd);
        const server = target?.startsWith('server/') && !browserSafe.has(target);
        const serverPackage = source.startsWith('node:') || serverPackages.some((name) => source === name || source.startsWith(`${name}/`));
        if (server || serverPackage) context.report({ node, messageId: 'server', data: { source } });
      }),
    };
  },
};

export const layerRules = {
  rules: { 'no-role-checks-in-routers': noRoleChecksInRouters, 'client-imports-browser-safe': clientImportsBrowserSafe },
};
