// Fails when any of the project's modules import each other in a circle (docs/architecture.md,
// "Layers"). Type-only imports count: a circle of types still ties two modules so that neither can
// be read, moved or tested without the other. eslint's import/no-cycle skips those and, at about
// 90 s a run here, would have more than doubled `npm run lint`; this reads the same imports with
// TypeScript's own scanner and resolver in a few seconds.
import ts from 'typescript';

const configFile = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
const { fileNames, options } = configFile;
const root = `${process.cwd()}/`;
const ours = new Set(fileNames.filter((file) => !file.includes('/node_modules/') && !file.includes('/.next/')));

/** file -> the project's files it imports (static, type-only, re-exports and import()). */
const imports = new Map();
for (const file of ours) {
  const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && ours.has(resolved.resolvedFileName))
      targets.add(resolved.resolvedFileName);
  }
  imports.set(file, targets);
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of imports.get(file)) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) circles.push(component);
}
for (const file of ours) if (!index.has(file)) visit(file);

const short = (file) => file.replace(root, '');
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s); every import that ties one:`);
  for (const circle of circles) {
    const members = new Set(circle);
    console.error(`\n  ${circle.map(short).sort().join(', ')}`);
    for (const file of circle)
      for (const next of imports.get(file)) if (members.has(next)) console.error(`    ${short(file)} -> ${short(next)}`);
  }
  process.exit(1);
}
process.stdout.write(`No import circle among ${ours.size} modules.\n`);
